import type {
  InvestorUser,
  LoginBody,
  MeResponse,
  StaffUser,
  StartupTokenResponse,
  StartupUser,
  StartupUserResponse,
  Strategy,
  TokenData,
} from '@dealflow/domain';
import type { z } from 'zod';
import type { ApiClient } from '../../../shared/api/index.ts';

export type SessionUser = StaffUser | InvestorUser | StartupUser;
export type Credentials = z.input<typeof LoginBody>;

/** The calls a session needs (SPEC section 7, authentication). */
export interface AuthApi {
  login(strategy: Strategy, credentials: Credentials): Promise<string>;
  fetchUser(strategy: Strategy, authorization: string): Promise<SessionUser>;
  /** Revokes the token on the server (any strategy); `signal` gives up waiting. */
  logout(authorization: string, signal?: AbortSignal): Promise<void>;
  exchangeReviewerToken(reviewerToken: string): Promise<string>;
}

const LOGIN_PATHS: Record<Exclude<Strategy, 'local'>, string> = {
  dashboard: '/api/internal/v1/auth/employees',
  investor: '/api/internal/v1/auth/clients',
};

export function createAuthApi(client: ApiClient): AuthApi {
  return {
    async login(strategy, credentials) {
      if (strategy === 'local') {
        const body = await client.post<z.infer<typeof StartupTokenResponse>>('/api/auth/login', credentials, {
          authorization: false,
        });
        return body.token;
      }
      const body = await client.post<z.infer<typeof TokenData>>(LOGIN_PATHS[strategy], credentials, {
        authorization: false,
      });
      return body.data.token;
    },
    async fetchUser(strategy, authorization) {
      if (strategy === 'local') {
        const body = await client.get<z.infer<typeof StartupUserResponse>>('/api/auth/user', {
          authorization,
        });
        return body.user;
      }
      const body = await client.get<z.infer<typeof MeResponse>>('/api/v1/auth/me', { authorization });
      return body.data;
    },
    async logout(authorization, signal) {
      await client.post('/api/auth/logout', undefined, { authorization, signal });
    },
    async exchangeReviewerToken(reviewerToken) {
      const body = await client.post<z.infer<typeof TokenData>>(
        '/api/internal/v1/auth/reviewer',
        { token: reviewerToken },
        { authorization: false },
      );
      return body.data.token;
    },
  };
}
