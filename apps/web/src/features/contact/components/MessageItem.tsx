import { formatDateTime, type ServiceMessage } from '@dealflow/domain';
import type { ReactNode } from 'react';

/** One message of a thread: who wrote it (and, in the inbox, their side), when, and the text. */
export function MessageItem({
  message,
  who,
  role,
}: {
  message: ServiceMessage;
  who: string;
  role?: ReactNode;
}) {
  return (
    <li className={`inbox-message inbox-message--${message.from}`}>
      <div className="inbox-message__meta">
        <span className="inbox-message__who">{who}</span>
        {role}
        <time dateTime={message.date_time} className="inbox-message__time">
          {formatDateTime(message.date_time)}
        </time>
      </div>
      <div className="inbox-message__bubble">{message.content}</div>
    </li>
  );
}
