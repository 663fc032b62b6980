import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
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

/**
 * OpenAPI security requirements, one bearer scheme per sign-in strategy (declared in
 * plugins/openapi.ts). Each guard carries the requirement it enforces, so the API description
 * states exactly what the route checks: it cannot drift from the guard.
 */
export const SECURITY_SCHEMES = {
  /** Staff dashboard sign-in (reviewer links are read-only staff sessions). */
  staff: 'bearerAuth',
  investor: 'investorAuth',
  startup: 'startupAuth',
} as const;
export type SecurityRequirement = Array<Record<string, string[]>>;
const staffSecurity: SecurityRequirement = [{ [SECURITY_SCHEMES.staff]: [] }];
const investorSecurity: SecurityRequirement = [{ [SECURITY_SCHEMES.investor]: [] }];
const startupSecurity: SecurityRequirement = [{ [SECURITY_SCHEMES.startup]: [] }];
const anySignIn: SecurityRequirement = [...staffSecurity, ...investorSecurity, ...startupSecurity];

const SECURITY = Symbol('openapi security');
type Guard = onRequestAsyncHookHandler & { [SECURITY]?: SecurityRequirement };

function guard(handler: onRequestAsyncHookHandler, security: SecurityRequirement): onRequestAsyncHookHandler {
  return Object.assign(handler, { [SECURITY]: security });
}

/** The security a route's guard enforces; `[]` (public) when it has none. */
export function securityOfGuards(onRequest: unknown): SecurityRequirement {
  const hooks = (Array.isArray(onRequest) ? onRequest : [onRequest]) as Guard[];
  return hooks.find((hook) => typeof hook === 'function' && hook[SECURITY])?.[SECURITY] ?? [];
}

/** Staff routes (run on request, before the body is read or validated, so strangers learn nothing of the schema): a staff token, and the role allowed by the policy table when a permission is named. */
export function requireStaff(permission?: StaffPermission): onRequestAsyncHookHandler {
  return guard(async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = await authenticate(request);
    if (principal.kind !== 'employee') throw new AppError('WRONG_STRATEGY');
    if (principal.reviewer && !READ_METHODS.has(request.method)) {
      throw new AppError('FORBIDDEN', { message: 'Reviewer sessions are read-only' });
    }
    if (permission && !staffCan(principal.role, permission)) throw new AppError('FORBIDDEN');
  }, staffSecurity);
}

export function requireInvestor(): onRequestAsyncHookHandler {
  return guard(async (request: FastifyRequest) => {
    const principal = await authenticate(request);
    if (principal.kind !== 'client') throw new AppError('WRONG_STRATEGY');
  }, investorSecurity);
}

export function requireStartup(): onRequestAsyncHookHandler {
  return guard(async (request: FastifyRequest) => {
    const principal = await authenticate(request);
    if (principal.kind !== 'startup') throw new AppError('WRONG_STRATEGY');
  }, startupSecurity);
}

/**
 * The signer's side of the legal documents: an investor, or a startup (issue 14: the startup LOI);
 * the services keep each to the documents addressed to them.
 */
export function requireSigner(): onRequestAsyncHookHandler {
  return guard(
    async (request: FastifyRequest) => {
      const principal = await authenticate(request);
      if (principal.kind !== 'client' && principal.kind !== 'startup') throw new AppError('WRONG_STRATEGY');
    },
    [...investorSecurity, ...startupSecurity],
  );
}

/** `/api/v1/auth/me` serves staff and investors alike (SPEC section 7). */
export function requireStaffOrInvestor(): onRequestAsyncHookHandler {
  return guard(
    async (request: FastifyRequest) => {
      const principal = await authenticate(request);
      if (principal.kind === 'startup') throw new AppError('WRONG_STRATEGY');
    },
    [...staffSecurity, ...investorSecurity],
  );
}

/** Reference data any signed-in user reads, whatever the area (SPEC section 6: static keys need a session). */
export function requireSignedIn(): onRequestAsyncHookHandler {
  return guard(async (request: FastifyRequest) => {
    await authenticate(request);
  }, anySignIn);
}

/**
 * The startup itself (the service checks it is its own record) or staff with the permission: the
 * case review calls, which both sides of the review use (SPEC section 7).
 */
export function requireStartupOrStaff(permission: StaffPermission): onRequestAsyncHookHandler {
  const staff = requireStaff(permission);
  return guard(
    async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const principal = await authenticate(request);
      if (principal.kind === 'startup') return;
      await staff.call(this, request, reply);
    },
    [...staffSecurity, ...startupSecurity],
  );
}

/**
 * The party of a conversation, an investor or a startup (the service keeps each to its own
 * threads), or staff with the permission: the service message calls (issue 14, decision 0038).
 */
export function requirePartyOrStaff(permission: StaffPermission): onRequestAsyncHookHandler {
  const staff = requireStaff(permission);
  return guard(async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const principal = await authenticate(request);
    if (principal.kind === 'client' || principal.kind === 'startup') return;
    await staff.call(this, request, reply);
  }, anySignIn);
}

/**
 * The routes under `clients/{id}` an investor reads for themself (SPEC section 7, the investor-side
 * calls): staff with the permission as before, or an investor whose own client id is the `:id` of
 * the path (any other id is 403 FORBIDDEN, decided here before the handler runs; the services keep
 * an investor to `actor.id` as well). Without a permission the route is the investor's alone.
 */
export function requireSelfOrStaff(permission?: StaffPermission): onRequestAsyncHookHandler {
  const staff = permission ? requireStaff(permission) : null;
  return guard(
    async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const principal = await authenticate(request);
      if (principal.kind === 'client') {
        const { id } = request.params as { id?: string };
        if (id === undefined || String(principal.id) !== id) throw new AppError('FORBIDDEN');
        return;
      }
      if (!staff) throw new AppError('WRONG_STRATEGY');
      await staff.call(this, request, reply);
    },
    staff ? [...staffSecurity, ...investorSecurity] : investorSecurity,
  );
}

/** Routes open to anyone, where a valid token (if sent) is still read. */
export function optionalAuth(): onRequestAsyncHookHandler {
  // `{}`: no token at all is accepted too.
  return guard(
    async (request: FastifyRequest) => {
      if (!bearerToken(request)) return;
      await authenticate(request).catch(() => undefined);
    },
    [{}, ...anySignIn],
  );
}

export function serviceContext(request: FastifyRequest): ServiceContext {
  const { db, config, principals, revocations, mailer, files, jobs, clock, reportAnswers } =
    request.server.deps;
  return {
    db,
    config,
    log: request.log,
    actor: request.principal,
    ip: request.ip,
    principals,
    revocations,
    mailer,
    files,
    jobs,
    clock,
    reportAnswers,
  };
}

/** The staff requirement; the description takes every route's security from its guard anyway. */
export const bearerSecurity = staffSecurity;
