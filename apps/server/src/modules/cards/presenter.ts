import {
  type Card,
  type CardAccess,
  type CardGroup,
  canManageCardGroup,
  type StaffRole,
} from '@dealflow/domain';
import { iso } from '../items/presenter.ts';
import type { CardGroupView, CardView } from './repository.ts';

export function presentCard({ view, access }: { view: CardView; access: CardAccess }): Card {
  const c = view.card;
  return {
    id: c.id,
    name: c.name,
    company: c.company,
    title: c.title,
    phones: c.phones,
    emails: c.emails,
    address: c.address,
    notes: c.notes,
    tags: c.tags,
    image:
      c.image_key && c.image_mime && c.image_updated_at
        ? { mime: c.image_mime, size: c.image_size ?? 0, updated_at: iso(c.image_updated_at) }
        : null,
    groups: view.groups,
    owner: c.owner_id === null ? null : { id: c.owner_id, name: view.owner_name ?? '' },
    access,
    created_at: iso(c.created_at),
    updated_at: iso(c.updated_at),
  };
}

export function presentCardGroup(row: CardGroupView, actor: { id: number; role: StaffRole }): CardGroup {
  const g = row.group;
  return {
    id: g.id,
    name: g.name,
    created_by: g.created_by === null ? null : { id: g.created_by, name: row.creator_name ?? '' },
    can_manage: canManageCardGroup(actor, { createdBy: g.created_by }),
    created_at: iso(g.created_at),
    updated_at: iso(g.updated_at),
  };
}
