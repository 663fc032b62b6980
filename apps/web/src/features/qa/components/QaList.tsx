import type { QaEntry } from '@dealflow/domain';
import { Collapse, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Highlight } from './Highlight.tsx';

/** Entries grouped by category, the groups in the order their first entry comes (admin's order). */
export function groupByCategory(
  entries: readonly QaEntry[],
): Array<{ category: string | null; entries: QaEntry[] }> {
  const groups = new Map<string | null, QaEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.category);
    if (list) list.push(entry);
    else groups.set(entry.category, [entry]);
  }
  return [...groups].map(([category, list]) => ({ category, entries: list }));
}

/**
 * The questions as a Collapse per category (a single list when none has one); a search opens every
 * answer it found and marks the words searched for.
 */
export function QaList({ entries, term }: { entries: readonly QaEntry[]; term: string }) {
  const { t } = useTranslation();
  const groups = groupByCategory(entries);
  const titled = groups.some((g) => g.category !== null);
  return (
    <div className="qa-list">
      {groups.map((group) => (
        <section
          key={group.category ?? ''}
          className="qa-group"
          aria-label={group.category ?? t('qa.noCategory')}
        >
          {titled && (
            <Typography.Title level={2} className="qa-group__title">
              {group.category ?? t('qa.noCategory')}
            </Typography.Title>
          )}
          <Collapse
            // A new search opens what it found; clearing it folds everything again.
            key={term}
            defaultActiveKey={term ? group.entries.map((e) => String(e.id)) : []}
            items={group.entries.map((entry) => ({
              key: String(entry.id),
              label: (
                <span className="qa-question">
                  <Highlight text={entry.question} term={term} />
                </span>
              ),
              children: (
                <div className="qa-answer">
                  <Highlight text={entry.answer} term={term} />
                </div>
              ),
            }))}
          />
        </section>
      ))}
    </div>
  );
}
