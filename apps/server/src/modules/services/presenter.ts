import { isReplied, type MessageSender, type ServiceMessage, type ServiceThread } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { MessageView, ThreadView } from './repository.ts';

export function presentMessage({ message: m, employee_name }: MessageView): ServiceMessage {
  return {
    id: m.id,
    content: m.content,
    from: m.sender,
    employee_id: m.employee_id,
    employee: presentPerson(m.employee_id, employee_name),
    date_time: iso(m.created_at),
  };
}

/**
 * A thread for the caller's side (`unread` is theirs). With `messages` it is the whole thread;
 * in a list the last message stands alone, its content the preview kept on the thread row.
 */
export function presentThread(
  { thread: t, client_name, case_name, last_employee_name }: ThreadView,
  viewer: 'staff' | 'client',
  messages?: MessageView[],
): ServiceThread {
  const lastAt = iso(t.last_message_at);
  const last: ServiceMessage | null =
    t.last_message_id === null
      ? null
      : {
          id: t.last_message_id,
          content: t.last_preview,
          from: t.last_from as MessageSender,
          employee_id: t.last_employee_id,
          employee: presentPerson(t.last_employee_id, last_employee_name),
          date_time: lastAt,
        };
  return {
    id: t.id,
    party: t.case_id === null ? 'investor' : 'startup',
    client_id: t.client_id,
    client: t.client_id === null ? null : { id: t.client_id, name: client_name ?? '' },
    case_id: t.case_id,
    case: t.case_id === null ? null : { id: t.case_id, name: case_name ?? '' },
    subject: t.subject,
    messages: messages ? messages.map(presentMessage) : last ? [last] : [],
    count: t.message_count,
    last_message_at: lastAt,
    last_from: t.last_from,
    replied: isReplied(t.last_from),
    unread: viewer === 'staff' ? t.staff_unread : t.client_unread,
    created_at: iso(t.created_at),
  };
}
