import type { ClientInterest } from '@dealflow/domain';
import { iso, presentPerson } from '../items/presenter.ts';
import type { InterestView } from './repository.ts';

export function presentInterest(view: InterestView): ClientInterest {
  const { interest } = view;
  return {
    id: interest.id,
    client_id: interest.client_id,
    client: { id: interest.client_id, name: view.client_name },
    case_id: interest.case_id,
    case: { id: interest.case_id, name: view.case_name },
    level: interest.level,
    amount: interest.amount,
    currency: view.currency,
    note: interest.note,
    recused: view.recused === true,
    author: presentPerson(interest.created_by, view.author_name),
    created_at: iso(interest.created_at),
    updated_at: iso(interest.updated_at),
  };
}
