import type { ShareholderHistory } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { HistoryView } from './repository.ts';

export function presentShareholderHistory({ history, author_name }: HistoryView): ShareholderHistory {
  return {
    id: history.id,
    case_id: history.case_id,
    title: history.title,
    shareholders: history.shareholders,
    author: presentPerson(history.created_by, author_name),
    created_at: iso(history.created_at),
    updated_at: iso(history.updated_at),
  };
}
