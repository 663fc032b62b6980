import { describe, expect, it } from 'vitest';
import {
  canDeleteClient,
  canSeeClient,
  clientStagesVisibleTo,
  contactMoveNeedsReason,
  contactMoveTargets,
} from './clientRules.ts';
import { CONTACT_STAGES } from './stages.ts';

describe('who works which client (SPEC section 6, issue 9)', () => {
  it('gives sa p0–p4 and drop, ir p5–p6 and drop, admin all, ao none', () => {
    expect(clientStagesVisibleTo('sa')).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'drop']);
    expect(clientStagesVisibleTo('ir')).toEqual(['p5', 'p6', 'drop']);
    expect(clientStagesVisibleTo('admin')).toEqual(CONTACT_STAGES);
    expect(clientStagesVisibleTo('ao')).toEqual([]);
    expect(clientStagesVisibleTo(null)).toEqual([]);
    expect(canSeeClient('sa', 'p5')).toBe(false);
    expect(canSeeClient('ir', 'p2')).toBe(false);
    expect(canSeeClient('ir', 'drop')).toBe(true);
  });

  it('lets admin, or the owner within their stages, delete and restore', () => {
    const sa = { id: 7, role: 'sa' as const };
    expect(canDeleteClient(sa, { processStatus: 'p2', ownerId: 7 })).toBe(true);
    expect(canDeleteClient(sa, { processStatus: 'p2', ownerId: 8 })).toBe(false);
    expect(canDeleteClient(sa, { processStatus: 'p2', ownerId: null })).toBe(false);
    // An owner left on a client past their stages does not reach it.
    expect(canDeleteClient(sa, { processStatus: 'p5', ownerId: 7 })).toBe(false);
    expect(canDeleteClient({ id: 1, role: 'admin' }, { processStatus: 'p6', ownerId: null })).toBe(true);
    expect(canDeleteClient({ id: 7, role: 'ao' }, { processStatus: 'p0', ownerId: 7 })).toBe(false);
  });
});

describe('contact stage moves', () => {
  it('lets sa hand p4 over to p5 and nothing else past p4; ir goes back only through drop', () => {
    expect(contactMoveTargets('sa', 'p4')).toContain('p5');
    expect(contactMoveTargets('sa', 'p3')).not.toContain('p5');
    expect(contactMoveTargets('ir', 'p5')).toEqual(['p6', 'drop']);
    expect(contactMoveTargets('ir', 'drop')).toEqual(['p5', 'p6']);
    expect(contactMoveTargets('sa', 'p5')).toEqual([]);
    expect(contactMoveTargets('ao', 'p0')).toEqual([]);
  });

  it('asks a reason to drop, to come back from drop and to move backwards', () => {
    expect(contactMoveNeedsReason('p1', 'p2')).toBe(false);
    expect(contactMoveNeedsReason('p2', 'p1')).toBe(true);
    expect(contactMoveNeedsReason('p2', 'drop')).toBe(true);
    expect(contactMoveNeedsReason('drop', 'p0')).toBe(true);
    expect(contactMoveNeedsReason('p3', 'p3')).toBe(false);
  });
});
