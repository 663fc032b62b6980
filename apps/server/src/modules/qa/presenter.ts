import type { QaEntry } from '@dealflow/domain';
import type { QaRow } from './repository.ts';

/** Who wrote an entry stays in the history, not in the reply (investors read these too). */
export function presentQaEntry(row: QaRow): QaEntry {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    category: row.category,
    position: row.position,
    published: row.published,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
