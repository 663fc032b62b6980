import type { DdComment, DdCommentWithCase } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { DdView } from './repository.ts';

export function presentDd({ dd, author_name, client_name }: DdView): DdComment {
  return {
    id: dd.id,
    case_id: dd.case_id,
    content: dd.content,
    client_id: dd.client_id,
    client: presentPerson(dd.client_id, client_name),
    author: presentPerson(dd.created_by, author_name),
    created_at: iso(dd.created_at),
    updated_at: iso(dd.updated_at),
  };
}

export function presentDdWithCase(view: DdView): DdCommentWithCase {
  return { ...presentDd(view), case: { id: view.dd.case_id, name: view.case_name } };
}
