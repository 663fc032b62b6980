import { describe, expect, it } from 'vitest';
import { DASHBOARD_BLOCKED, dashboardGuard, staffReportType } from './guards.ts';
import {
  assignableRoles,
  canBeAssigned,
  canManageCardGroup,
  cardAccessOf,
  canChangeContribution,
  canContributeToCase,
  canSetRating,
  STAFF_PERMISSIONS,
  type StaffPermission,
  staffCan,
} from './policy.ts';
import { STAFF_ROLES, type StaffRole } from './roles.ts';

/** The expected policy, written out so a change to the table has to be made here too. */
const EXPECTED: Record<StaffPermission, readonly StaffRole[]> = {
  'employees.read': ['admin'],
  'employees.directory': ['admin', 'ao', 'ir', 'sa'],
  'employees.write': ['admin'],
  'reviewer-tokens.issue': ['admin', 'ao', 'ir', 'sa'],
  'cases.read': ['admin', 'ao'],
  'cases.summary': ['admin', 'ao', 'ir', 'sa'],
  'cases.write': ['admin', 'ao'],
  'clients.read': ['admin', 'ir', 'sa'],
  'clients.write': ['admin', 'ir', 'sa'],
  'clients.portfolio': ['admin', 'ir'],
  'clients.approve': ['admin', 'sa'],
  'applications.count': ['admin', 'ao', 'ir', 'sa'],
  'clients.directory': ['admin', 'ao', 'ir', 'sa'],
  'groups.read': ['admin', 'ir', 'sa'],
  'groups.write': ['admin', 'ir', 'sa'],
  'platform.config': ['admin'],
  'reports.cases': ['admin', 'ao'],
  'reports.investors': ['admin', 'ir', 'sa'],
  'dd.read': ['admin', 'ao', 'ir', 'sa'],
  'services.inbox': ['admin', 'ir'],
  'worklogs.write': ['admin', 'ao', 'ir', 'sa'],
  'todos.centre': ['admin', 'ao', 'ir', 'sa'],
  'calendar.firm': ['admin', 'ao', 'ir', 'sa'],
  'cards.use': ['admin', 'ao', 'ir', 'sa'],
  'cardGroups.create': ['admin', 'ao', 'ir', 'sa'],
  'pdfs.stamp': ['admin', 'ao', 'ir', 'sa'],
};
const PERMISSIONS = Object.keys(STAFF_PERMISSIONS) as StaffPermission[];

describe('staffCan (policy table)', () => {
  it('has exactly the expected permissions', () => {
    expect([...PERMISSIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  const cases = PERMISSIONS.flatMap((permission) => STAFF_ROLES.map((role) => [role, permission] as const));
  it.each(cases)('%s may %s?', (role, permission) => {
    expect(staffCan(role, permission)).toBe(EXPECTED[permission].includes(role));
  });

  it('refuses everything when nobody is signed in', () => {
    for (const permission of PERMISSIONS) {
      expect(staffCan(null, permission)).toBe(false);
      expect(staffCan(undefined, permission)).toBe(false);
    }
  });

  it('lets admin do everything', () => {
    for (const permission of PERMISSIONS) expect(staffCan('admin', permission)).toBe(true);
  });

  it('names only staff roles', () => {
    for (const roles of Object.values(STAFF_PERMISSIONS)) {
      for (const role of roles) expect(STAFF_ROLES).toContain(role);
    }
  });
});

describe('policy agrees with the page guards (SPEC section 6 is the floor)', () => {
  /** A page and the permission its API needs. */
  const PAGE_API: [page: string, permission: StaffPermission][] = [
    ['dashboard', 'cases.read'],
    ['dashboard-manager-project', 'cases.write'],
    ['dashboard-investor', 'clients.read'],
    ['dashboard-investor-id', 'clients.read'],
    ['dashboard-group', 'groups.read'],
    ['dashboard-group', 'groups.write'],
    ['dashboard-group-id', 'groups.read'],
    ['dashboard-group-id', 'groups.write'],
    ['dashboard-auth', 'employees.read'],
    ['dashboard-auth', 'employees.write'],
    ['dashboard-config-contract', 'platform.config'],
    ['dashboard-config-qa', 'platform.config'],
    ['dashboard-contact-type', 'services.inbox'],
  ];

  it.each(PAGE_API)('a role blocked from %s is refused %s', (page, permission) => {
    for (const role of STAFF_ROLES) {
      if ((DASHBOARD_BLOCKED[role] as readonly string[]).includes(page))
        expect(staffCan(role, permission)).toBe(false);
    }
  });

  it('gives the inbox to every role its page lets in (issue 11: admin and ir)', () => {
    for (const role of STAFF_ROLES) {
      expect(staffCan(role, 'services.inbox')).toBe(dashboardGuard(role, 'dashboard-contact-type').allow);
    }
  });

  it('gives every role the report it lands on and is sent to when blocked', () => {
    const permissionOf = { case: 'reports.cases', investor: 'reports.investors' } as const;
    for (const role of STAFF_ROLES) {
      expect(staffCan(role, permissionOf[staffReportType(role)])).toBe(true);
      const blocked = DASHBOARD_BLOCKED[role][0];
      if (!blocked) continue;
      const decision = dashboardGuard(role, blocked);
      const sentTo = !decision.allow && decision.redirect.endsWith('type=case') ? 'case' : 'investor';
      expect(staffCan(role, permissionOf[sentTo])).toBe(true);
    }
  });

  it('keeps each report to its side: ao the case report only, ir and sa the investor report only', () => {
    expect(staffCan('ao', 'reports.investors')).toBe(false);
    expect(staffCan('ir', 'reports.cases')).toBe(false);
    expect(staffCan('sa', 'reports.cases')).toBe(false);
    expect(staffCan('admin', 'reports.cases') && staffCan('admin', 'reports.investors')).toBe(true);
  });
});

describe('who can be given case work (canBeAssigned)', () => {
  it('is whoever can open cases: admin and ao, never ir or sa', () => {
    expect(assignableRoles('case')).toEqual(['admin', 'ao']);
    for (const role of STAFF_ROLES) expect(canBeAssigned(role, 'case')).toBe(staffCan(role, 'cases.read'));
    expect(canBeAssigned('sa', 'case')).toBe(false);
    expect(canBeAssigned(null, 'case')).toBe(false);
  });

  it('client work goes to whoever works clients: admin, ir and sa, never ao', () => {
    expect(assignableRoles('client')).toEqual(['admin', 'ir', 'sa']);
    for (const role of STAFF_ROLES)
      expect(canBeAssigned(role, 'client')).toBe(staffCan(role, 'clients.read'));
    expect(canBeAssigned('ao', 'client')).toBe(false);
  });
});

describe('comments and to-dos (canContributeToCase, canChangeContribution)', () => {
  const facts = { aoId: 10, agentIds: [11], authorId: 12, assigneeId: 13 };
  it('every ao adds them; ir and sa do not', () => {
    expect(canContributeToCase({ role: 'ao' })).toBe(true);
    expect(canContributeToCase({ role: 'admin' })).toBe(true);
    expect(canContributeToCase({ role: 'ir' })).toBe(false);
    expect(canContributeToCase({ role: 'sa' })).toBe(false);
  });
  it('the case editors, the author and the assignee change one; another ao does not', () => {
    for (const id of [10, 11, 12, 13]) expect(canChangeContribution({ id, role: 'ao' }, facts)).toBe(true);
    expect(canChangeContribution({ id: 99, role: 'admin' }, facts)).toBe(true);
    expect(canChangeContribution({ id: 14, role: 'ao' }, facts)).toBe(false);
    expect(canChangeContribution({ id: 12, role: 'ir' }, facts)).toBe(false);
  });
});

describe('ratings (canSetRating)', () => {
  it('the AO score is the ao and admin’s, the IR score the ir and admin’s', () => {
    expect(canSetRating('ao', 'rating_ao_score')).toBe(true);
    expect(canSetRating('ao', 'rating_ir_score')).toBe(false);
    expect(canSetRating('ir', 'rating_ir_score')).toBe(true);
    expect(canSetRating('admin', 'rating_ir_score')).toBe(true);
    expect(canSetRating('sa', 'rating_ao_score')).toBe(false);
  });
});

describe('cardAccessOf (issue 11: permissions per card and per employee)', () => {
  const owner = { id: 1, role: 'ao' as const };
  const other = (role: StaffRole) => ({ id: 2, role });
  it('gives the owner and admin the whole card, whatever the grants say', () => {
    expect(cardAccessOf(owner, { ownerId: 1, grant: null })).toBe('manage');
    expect(cardAccessOf(owner, { ownerId: 1, grant: 'read' })).toBe('manage');
    expect(cardAccessOf(other('admin'), { ownerId: 1, grant: null })).toBe('manage');
    expect(cardAccessOf(other('admin'), { ownerId: null, grant: 'none' })).toBe('manage');
  });
  it.each(['ao', 'ir', 'sa'] as const)(
    'gives a %s what their grant says, and nothing without one',
    (role) => {
      expect(cardAccessOf(other(role), { ownerId: 1, grant: 'edit' })).toBe('edit');
      expect(cardAccessOf(other(role), { ownerId: 1, grant: 'read' })).toBe('read');
      expect(cardAccessOf(other(role), { ownerId: 1, grant: 'none' })).toBeNull();
      expect(cardAccessOf(other(role), { ownerId: 1, grant: null })).toBeNull();
      // An owner who left (the card kept, its owner gone) makes nobody else the owner.
      expect(cardAccessOf(other(role), { ownerId: null, grant: null })).toBeNull();
    },
  );
});

describe('canManageCardGroup', () => {
  it('lets the creator and admin rename or delete a group, nobody else', () => {
    expect(canManageCardGroup({ id: 1, role: 'sa' }, { createdBy: 1 })).toBe(true);
    expect(canManageCardGroup({ id: 2, role: 'admin' }, { createdBy: 1 })).toBe(true);
    expect(canManageCardGroup({ id: 2, role: 'admin' }, { createdBy: null })).toBe(true);
    for (const role of ['ao', 'ir', 'sa'] as const) {
      expect(canManageCardGroup({ id: 2, role }, { createdBy: 1 })).toBe(false);
      expect(canManageCardGroup({ id: 2, role }, { createdBy: null })).toBe(false);
    }
  });
});
