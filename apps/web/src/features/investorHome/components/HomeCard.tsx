import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';

/**
 * The frame of each card on the investor's home: an icon and a title, a link (or a note) at the
 * right, and the card's states — a skeleton while it loads, the error, the empty text, or its content.
 */
export function HomeCard({
  icon,
  title,
  extra,
  pending,
  error,
  errorTitle,
  empty,
  children,
}: {
  icon: ReactNode;
  title: string;
  extra?: ReactNode;
  pending: boolean;
  error: unknown;
  errorTitle: string;
  /** The text when there is nothing to show; null when there is. */
  empty: string | null;
  children?: ReactNode;
}) {
  return (
    <Card
      size="small"
      className="investor-home__card"
      title={
        <span className="investor-home__card-title">
          {icon} {title}
        </span>
      }
      extra={extra}
    >
      {error ? (
        <ErrorAlert error={error} title={errorTitle} />
      ) : pending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : empty !== null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        children
      )}
    </Card>
  );
}
