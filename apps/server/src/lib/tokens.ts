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
interface KeyTools {
  sign: (ttlMs: number) => Sign;
  session: Verify;
  reviewer: Verify;
}

// Signers and verifiers are built once per secret (and per lifetime for signers).
const tools = new WeakMap<Uint8Array, KeyTools>();
function toolsFor(secret: Uint8Array): KeyTools {
  let t = tools.get(secret);
  if (t) return t;
  const key = Buffer.from(secret);
  const signers = new Map<number, Sign>();
  const verifier = (audience: string | string[], requiredClaims: string[]) =>
    createVerifier({
      key,
      algorithms: [ALG],
      allowedIss: ISSUER,
      allowedAud: audience,
      requiredClaims,
      cache: false,
    }) as Verify;
  t = {
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
    session: verifier(Object.values(TOKEN_AUDIENCE), ['sub', 'jti', 'exp', 'aud']),
    reviewer: verifier(REVIEWER_AUDIENCE, ['sub', 'jti', 'exp']),
  };
  tools.set(secret, t);
  return t;
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

/** Verifies signature, issuer, expiry and algorithm (HS256 only, so `alg: none` is refused). */
export async function verifySessionToken(secret: Uint8Array, token: string): Promise<VerifyResult> {
  let payload: Record<string, unknown>;
  try {
    payload = toolsFor(secret).session(token);
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
    typeof payload.exp !== 'number'
  )
    return { ok: false, reason: 'invalid' };
  return {
    ok: true,
    claims: {
      strategy,
      subjectId,
      tokenVersion: payload.tv,
      reviewer: payload.rev === true,
      jti: String(payload.jti),
      expiresAt: new Date(payload.exp * 1000),
    },
  };
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

export async function verifyReviewerToken(
  secret: Uint8Array,
  token: string,
): Promise<{ employeeId: number; jti: string; expiresAt: Date } | null> {
  let payload: Record<string, unknown>;
  try {
    payload = toolsFor(secret).reviewer(token);
  } catch {
    return null;
  }
  const employeeId = Number(payload.sub);
  if (!Number.isInteger(employeeId) || typeof payload.exp !== 'number') return null;
  return { employeeId, jti: String(payload.jti), expiresAt: new Date(payload.exp * 1000) };
}
