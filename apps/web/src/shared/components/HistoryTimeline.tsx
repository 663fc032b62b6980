import { formatDateTime } from '@dealflow/domain';
import { Button, Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './historyTimeline.css';

/** One history entry as the server sends it for any record (a case, a client). */
export interface HistoryEntry {
  id: number;
  action: string;
  actor: { name: string | null };
  changes: Record<string, { from: unknown; to: unknown }>;
  reason: string | null;
  created_at: string;
}

/** One changed field of an entry, as a line. */
export interface HistoryLine {
  field: string;
  from: unknown;
  to: unknown;
}

/** How one kind of record words its history: the action, each field's name, each value. */
export interface HistoryText<E extends HistoryEntry> {
  action: (entry: E) => string;
  lines: (entry: E) => HistoryLine[];
  fieldLabel: (field: string) => string;
  show: (field: string, value: unknown, entry: E) => string;
  /** Whether the entry brought the record (or an item of it) into being: its values have no "before". */
  created: (entry: E) => boolean;
  /** The dot's colour: a stage move stands out, a deletion is red. */
  color?: (entry: E) => string;
}

/**
 * The history of a record: who, when, what changed (old → new) and why, newest first, with a
 * 「載入更多」 for the next page. Each record's tab says how its actions, fields and values read.
 */
export function HistoryTimeline<E extends HistoryEntry>({
  entries,
  text,
  emptyText,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  entries: readonly E[];
  text: HistoryText<E>;
  emptyText: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <Timeline
          items={entries.map((entry) => {
            const created = text.created(entry);
            return {
              key: entry.id,
              color: text.color?.(entry) ?? (entry.action.endsWith('delete') ? 'red' : 'gray'),
              content: (
                <div className="history-entry" data-action={entry.action}>
                  <time className="history-entry__time" dateTime={entry.created_at}>
                    {formatDateTime(entry.created_at)}
                  </time>
                  <Typography.Text strong>{entry.actor.name ?? t('cases.history.system')}</Typography.Text>{' '}
                  {text.action(entry)}
                  <ul className="history-change">
                    {text.lines(entry).map((line) => (
                      <li key={line.field}>
                        {text.fieldLabel(line.field)}：
                        {created || line.from === null ? (
                          text.show(line.field, line.to, entry)
                        ) : (
                          <>
                            <del>{text.show(line.field, line.from, entry)}</del> →{' '}
                            {text.show(line.field, line.to, entry)}
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                  {entry.reason && (
                    <Typography.Text type="secondary">
                      {t('cases.history.reason', { reason: entry.reason })}
                    </Typography.Text>
                  )}
                </div>
              ),
            };
          })}
        />
      )}
      {hasMore && (
        <Button loading={loadingMore} onClick={onLoadMore}>
          {t('cases.history.loadMore')}
        </Button>
      )}
    </>
  );
}
