import type { InfoUpdate } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { InfoView } from './repository.ts';

export function presentInfoUpdate({ info, author_name }: InfoView): InfoUpdate {
  return {
    id: info.id,
    case_id: info.case_id,
    title: info.title,
    content: info.content,
    author: presentPerson(info.created_by, author_name),
    created_at: iso(info.created_at),
    updated_at: iso(info.updated_at),
  };
}
