import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { staffCan, type StaffPermission } from '@dealflow/domain';
import { AppError } from '../lib/errors.ts';
import type { ServiceContext } from '../lib/context.ts';
import type { Principal } from '../modules/auth/principal.ts';
import { resolvePrincipal } from '../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves the caller once per request; throws 401 for a missing, tampered or expired token. */
async function authenticate(request: FastifyRequest): Promise<Principal> {
  if (request.principal) return request.principal;
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED');
  const { db, config, principals, revocations } = request.server.deps;
  request.principal = await resolvePrincipal({ db, config, principals, revocations }, token);
  return request.principal;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Staff routes (run on request, before the body is read or validated, so strangers learn nothing of the schema): a staff token, and the role allowed by the policy table when a permission is named. */
export function requireStaff(permission?: StaffPermission): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = await authenticate(request);
    if (principal.kind !== 'employee') throw new AppError('WRONG_STRATEGY');
    if (principal.reviewer && !READ_METHODS.has(request.method)) {
      throw new AppError('FORBIDDEN', { message: 'Reviewer sessions are read-only' });
    }
    if (permission && !staffCan(principal.role, permission)) throw new AppError('FORBIDDEN');
  };
}

export function requireInvestor(): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const principal = await authenticate(request);
    if (principal.kind !== 'client') throw new AppError('WRONG_STRATEGY');
  };
}

export function requireStartup(): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const principal = await authenticate(request);
    if (principal.kind !== 'startup') throw new AppError('WRONG_STRATEGY');
  };
}

/** `/api/v1/auth/me` serves staff and investors alike (SPEC section 7). */
export function requireStaffOrInvestor(): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const principal = await authenticate(request);
    if (principal.kind === 'startup') throw new AppError('WRONG_STRATEGY');
  };
}

/** Reference data any signed-in user reads, whatever the area (SPEC section 6: static keys need a session). */
export function requireSignedIn(): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    await authenticate(request);
  };
}

/** Routes open to anyone, where a valid token (if sent) is still read. */
export function optionalAuth(): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    if (!bearerToken(request)) return;
    await authenticate(request).catch(() => undefined);
  };
}

export function serviceContext(request: FastifyRequest): ServiceContext {
  const { db, config, principals, revocations, mailer } = request.server.deps;
  return {
    db,
    config,
    log: request.log,
    actor: request.principal,
    ip: request.ip,
    principals,
    revocations,
    mailer,
  };
}

export const bearerSecurity = [{ bearerAuth: [] }];
