import type { NewsItem } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { NewsRow } from './repository.ts';

export function presentNewsItem(row: NewsRow): NewsItem {
  return {
    id: `${row.kind}:${row.item_id}`,
    kind: row.kind,
    item_id: row.item_id,
    case: { id: row.case_id, name: row.case_name },
    type: row.type,
    title: row.title,
    content: row.content,
    author: presentPerson(row.author_id, row.author_name),
    published_at: iso(row.published_at),
  };
}
