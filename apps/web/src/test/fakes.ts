import type { InvestorUser, StaffRole, StaffUser, StartupUser, Strategy } from '@dealflow/domain';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { AuthApi, SessionUser } from '../features/auth/api/authApi.ts';
import { createSessionStore } from '../features/auth/session/index.ts';
import { ApiError } from '../shared/api/index.ts';
import { local } from '../shared/storage.ts';

export function staffUser(role: StaffRole = 'admin', overrides: Partial<StaffUser> = {}): StaffUser {
  return {
    kind: 'employee',
    id: 1,
    email: `${role}@example.com`,
    name: `Staff ${role}`,
    role,
    status: 'active',
    reviewer: false,
    ...overrides,
  };
}

export function investorUser(overrides: Partial<InvestorUser> = {}): InvestorUser {
  return {
    kind: 'client',
    id: 7,
    email: 'investor@example.com',
    name: 'Ivy Investor',
    firstName: 'Ivy',
    lastName: 'Investor',
    type: null,
    status: 'active',
    membership: 'general',
    process_status: 'p1',
    expiry_at: null,
    // Seen: the onboarding tour stays closed unless a test asks for it.
    tutorial_seen_at: '2026-01-01T00:00:00.000Z',
    application_status: null,
    ...overrides,
  };
}

export function startupUser(overrides: Partial<StartupUser> = {}): StartupUser {
  return {
    kind: 'startup',
    id: 3,
    email: 'startup@example.com',
    name: 'Sam Startup',
    role: 'owner',
    status: 'active',
    scope: null,
    case_review: false,
    case_id: null,
    case_name: null,
    expiry_at: null,
    ...overrides,
  };
}

export function apiError(status: number, code: string, message: string): ApiError {
  return new ApiError({ status, body: { error: { status, code, message } } });
}

/** An AuthApi whose users are looked up by the stored `Bearer <token>`. */
export function fakeAuthApi(users: Record<string, SessionUser | ApiError> = {}) {
  const api = {
    login: vi.fn<AuthApi['login']>(
      async (_strategy: Strategy, credentials) => `token-for-${credentials.email}`,
    ),
    fetchUser: vi.fn<AuthApi['fetchUser']>(async (_strategy, authorization) => {
      const entry = users[authorization.replace(/^Bearer /, '')];
      if (!entry) throw apiError(401, 'INVALID_TOKEN', 'Invalid or expired token');
      if (entry instanceof ApiError) throw entry;
      return entry;
    }),
    logout: vi.fn<AuthApi['logout']>(async () => {}),
    exchangeReviewerToken: vi.fn<AuthApi['exchangeReviewerToken']>(async (token) => `staff-from-${token}`),
  };
  return api;
}

export function makeStore(api: AuthApi = fakeAuthApi()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const cookie = vi.fn<(on: boolean) => void>();
  const store = createSessionStore({ api, storage: local, queryClient, setReviewerCookie: cookie });
  return { store, queryClient, cookie };
}
