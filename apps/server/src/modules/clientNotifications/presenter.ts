import type { ClientNotification } from '@dealflow/domain';
import { iso, isoOrNull, presentPerson } from '../items/presenter.ts';
import type { NotificationView } from './repository.ts';

export function presentNotification({ notification: n, sender_name }: NotificationView): ClientNotification {
  return {
    id: n.id,
    client_id: n.client_id,
    title: n.title,
    body: n.body,
    link: n.link,
    read_at: isoOrNull(n.read_at),
    sender: presentPerson(n.created_by, sender_name),
    created_at: iso(n.created_at),
  };
}
