import type { ClientStageStats, ClientSummary, ContactStage } from '@dealflow/domain';

/** A row of the client list as the API answers it. */
export function clientRow(overrides: Partial<ClientSummary> = {}): ClientSummary {
  return {
    id: 41,
    email: 'wang@example.com',
    firstName: '小明',
    lastName: '王',
    name: '王小明',
    type: 'Lead Angel',
    status: 'active',
    phone: '0912 345 678',
    membership: 'gp',
    process_status: 'p2',
    dropped_from: null,
    stage_entered_at: '2026-01-01T00:00:00Z',
    investe_startup: null,
    scale: null,
    check_size: 3_000_000,
    currency: 'NTD',
    domain_keys: [],
    industry_keys: [],
    employee_id: 5,
    employee: { id: 5, name: '陳業務' },
    expiry_at: null,
    next_step: null,
    has_login: false,
    application_status: null,
    is_deleted: false,
    deleted_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    invest_money: 25_000_000,
    invested: { NTD: 25_000_000 },
    next_todo: null,
    ...overrides,
  };
}

/**
 * The server's answer for a client outside the caller's contact stages (403 with the stage,
 * decision 0017); `details` may be overridden to play a malformed one.
 */
export function clientStageRefusal(stage: ContactStage, details: unknown = { process_status: stage }) {
  return {
    error: {
      status: 403,
      code: 'CLIENT_STAGE_NOT_ALLOWED',
      message: 'Your role does not work clients in this contact stage',
      details,
    },
  };
}

/** Stage counts (check sizes of a million each) as `v2/clients/stats` answers them. */
export function stageStats(counts: Partial<Record<keyof ClientStageStats, number>>): ClientStageStats {
  const stat = (n = 0) => ({
    count: n,
    check_size: (n > 0 ? { NTD: n * 1_000_000 } : {}) as Record<string, number>,
  });
  return {
    p0: stat(counts.p0),
    p1: stat(counts.p1),
    p2: stat(counts.p2),
    p3: stat(counts.p3),
    p4: stat(counts.p4),
    p5: stat(counts.p5),
    p6: stat(counts.p6),
    drop: stat(counts.drop),
  };
}
