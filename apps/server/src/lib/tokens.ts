import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { REVIEWER_AUDIENCE, TOKEN_AUDIENCE, type Strategy } from '@dealflow/domain';

// fast-jwt signs and checks HS256 with node:crypto's synchronous HMAC: a few microseconds per
// request, against the WebCrypto round trip jose needs (docs/decisions/0007).
const ISSUER = 'dealflow';
const ALG = 'HS256';

export interface SessionClaims {
  strategy: Strategy;
  subjectId: number;
  tokenVersion: number;
  reviewer: boolean;
  jti: string;
  expiresAt: Date;
}

type Sign = (payload: Record<string, unknown>) => string;
type Verify = (token: string) => Record<string, unknown>;
type Kind = 'session' | 'reviewer';
interface KeyTools {
  sign: (ttlMs: number) => Sign;
  verify: (kind: Kind, maxLifetimeMs: number) => Verify;
  /** Session tokens already checked with this key, per lifetime cap (see `verifySessionToken`). */
  checked: (maxLifetimeMs: number) => CheckedTokens;
}

/** The claims of a token that passed every check, until it would expire (exp, or iat + the cap). */
type CheckedTokens = Map<string, { claims: SessionClaims; until: number }>;
/** How many checked tokens a key remembers (the oldest is forgotten first). */
const CHECKED_TOKENS = 1000;

// A token issued a little in the future is accepted (clocks of instances differ), not more.
const CLOCK_SKEW_SECONDS = 60;

// Signers and verifiers are built once per secret (and per lifetime).
const tools = new WeakMap<Uint8Array, KeyTools>();
function toolsFor(secret: Uint8Array): KeyTools {
  let t = tools.get(secret);
  if (t) return t;
  const key = Buffer.from(secret);
  const signers = new Map<number, Sign>();
  const verifiers = new Map<string, Verify>();
  const checked = new Map<number, CheckedTokens>();
  t = {
    checked: (maxLifetimeMs) => {
      let c = checked.get(maxLifetimeMs);
      if (!c) {
        c = new Map();
        checked.set(maxLifetimeMs, c);
      }
      return c;
    },
    sign: (ttlMs) => {
      let s = signers.get(ttlMs);
      if (!s) {
        s = createSigner({
          key,
          algorithm: ALG,
          iss: ISSUER,
          expiresIn: ttlMs,
          header: { alg: ALG, typ: 'JWT' },
        }) as Sign;
        signers.set(ttlMs, s);
      }
      return s;
    },
    verify: (kind, maxLifetimeMs) => {
      const id = `${kind}:${maxLifetimeMs}`;
      let v = verifiers.get(id);
      if (!v) {
        v = createVerifier({
          key,
          algorithms: [ALG],
          allowedIss: ISSUER,
          allowedAud: kind === 'session' ? Object.values(TOKEN_AUDIENCE) : REVIEWER_AUDIENCE,
          // fast-jwt checks a claim's value only when the claim is there: these must be.
          requiredClaims: ['iss', 'iat', 'exp', 'sub', 'jti', 'aud'],
          maxAge: maxLifetimeMs,
        }) as Verify;
        verifiers.set(id, v);
      }
      return v;
    },
  };
  tools.set(secret, t);
  return t;
}

/**
 * The checks fast-jwt does not make: a lifetime (exp - iat) within the configured one, and no
 * issue date in the future (with those two, `maxAge` and `exp` bound how long a token lives).
 */
function lifetimeOk(payload: Record<string, unknown>, maxLifetimeMs: number): boolean {
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || typeof exp !== 'number') return false;
  return exp - iat <= maxLifetimeMs / 1000 && iat <= Date.now() / 1000 + CLOCK_SKEW_SECONDS;
}

export async function signSessionToken(
  secret: Uint8Array,
  input: {
    strategy: Strategy;
    subjectId: number;
    tokenVersion: number;
    reviewer?: boolean;
    ttlMinutes: number;
  },
): Promise<string> {
  return toolsFor(secret).sign(input.ttlMinutes * 60_000)({
    tv: input.tokenVersion,
    ...(input.reviewer ? { rev: true } : {}),
    aud: TOKEN_AUDIENCE[input.strategy],
    sub: String(input.subjectId),
    jti: randomUUID(),
  });
}

export type VerifyResult = { ok: true; claims: SessionClaims } | { ok: false; reason: 'invalid' | 'expired' };

const AUDIENCE_TO_STRATEGY = new Map(Object.entries(TOKEN_AUDIENCE).map(([s, aud]) => [aud, s as Strategy]));

function isExpired(err: unknown): boolean {
  return err instanceof TokenError && err.code === TokenError.codes.expired;
}

/**
 * Verifies signature (HS256 only, so `alg: none` is refused), issuer, audience, expiry, and that
 * the token was issued for at most `maxLifetimeMinutes` (TOKEN_TTL_MINUTES).
 */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
  maxLifetimeMinutes: number,
): Promise<VerifyResult> {
  const maxLifetimeMs = maxLifetimeMinutes * 60_000;
  const tools = toolsFor(secret);
  // A signed-in person sends the same token with every request: one that passed every check is
  // not checked again while it stands. Keyed by the whole token string (an exact match, so no
  // collision and no hash to compute), per key and lifetime cap; a remembered token past its exp
  // or iat + cap is checked afresh and refused as expired. Only the signature and claims are
  // remembered: the revocation list, the account's status and token version are read per request
  // after this (plugins/auth.ts).
  const checked = tools.checked(maxLifetimeMs);
  const hit = checked.get(token);
  if (hit) {
    if (Date.now() < hit.until) return { ok: true, claims: hit.claims };
    checked.delete(token);
  }
  let payload: Record<string, unknown>;
  try {
    payload = tools.verify('session', maxLifetimeMs)(token);
  } catch (err) {
    return { ok: false, reason: isExpired(err) ? 'expired' : 'invalid' };
  }
  const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
  const strategy = typeof aud === 'string' ? AUDIENCE_TO_STRATEGY.get(aud) : undefined;
  const subjectId = Number(payload.sub);
  if (
    !strategy ||
    !Number.isInteger(subjectId) ||
    typeof payload.tv !== 'number' ||
    typeof payload.exp !== 'number' ||
    typeof payload.iat !== 'number' ||
    !lifetimeOk(payload, maxLifetimeMs)
  )
    return { ok: false, reason: 'invalid' };
  const claims: SessionClaims = Object.freeze({
    strategy,
    subjectId,
    tokenVersion: payload.tv,
    reviewer: payload.rev === true,
    jti: String(payload.jti),
    expiresAt: new Date(payload.exp * 1000),
  });
  if (checked.size >= CHECKED_TOKENS) checked.delete(checked.keys().next().value!);
  checked.set(token, { claims, until: Math.min(payload.exp * 1000, payload.iat * 1000 + maxLifetimeMs) });
  return { ok: true, claims };
}

/** A reviewer link token: its own audience, short-lived, single use (its jti is spent on exchange). */
export async function signReviewerToken(
  secret: Uint8Array,
  input: { employeeId: number; issuedBy: number; ttlMinutes: number },
): Promise<{ token: string; expiresAt: Date }> {
  const ttlMs = input.ttlMinutes * 60_000;
  const token = toolsFor(secret).sign(ttlMs)({
    iby: input.issuedBy,
    aud: REVIEWER_AUDIENCE,
    sub: String(input.employeeId),
    jti: randomUUID(),
  });
  const exp = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).exp as number;
  return { token, expiresAt: new Date(exp * 1000) };
}

/** As `verifySessionToken`, for a reviewer link living at most `maxLifetimeMinutes` (REVIEWER_TOKEN_TTL_MINUTES). */
export async function verifyReviewerToken(
  secret: Uint8Array,
  token: string,
  maxLifetimeMinutes: number,
): Promise<{ employeeId: number; jti: string; expiresAt: Date } | null> {
  const maxLifetimeMs = maxLifetimeMinutes * 60_000;
  let payload: Record<string, unknown>;
  try {
    payload = toolsFor(secret).verify('reviewer', maxLifetimeMs)(token);
  } catch {
    return null;
  }
  const employeeId = Number(payload.sub);
  if (!Number.isInteger(employeeId) || typeof payload.exp !== 'number' || !lifetimeOk(payload, maxLifetimeMs))
    return null;
  return { employeeId, jti: String(payload.jti), expiresAt: new Date(payload.exp * 1000) };
}
