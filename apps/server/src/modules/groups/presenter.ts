import type { ContactStage, Group, GroupMember, MembershipTier } from '@dealflow/domain';
import { iso } from '../items/presenter.ts';
import type { GroupView, MemberView } from './repository.ts';

export function presentGroup(row: GroupView): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    member_count: row.member_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function presentMember(row: MemberView): GroupMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // The columns hold only these values (check constraint, contract on write).
    membership: row.membership as MembershipTier,
    process_status: row.process_status as ContactStage,
    joined_at: iso(row.joined_at),
  };
}
