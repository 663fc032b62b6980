import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { REVIEWER_AUDIENCE, TOKEN_AUDIENCE, type Strategy } from '@dealflow/domain';

const ISSUER = 'dealflow';

// jose imports a raw Uint8Array secret as a key on every call; a KeyObject made once per secret
// takes that work off each request.
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}
const ALG = 'HS256';

export interface SessionClaims {
  strategy: Strategy;
  subjectId: number;
  tokenVersion: number;
  reviewer: boolean;
  jti: string;
  expiresAt: Date;
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
  return new SignJWT({ tv: input.tokenVersion, ...(input.reviewer ? { rev: true } : {}) })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(TOKEN_AUDIENCE[input.strategy])
    .setSubject(String(input.subjectId))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${input.ttlMinutes}m`)
    .sign(keyOf(secret));
}

export type VerifyResult = { ok: true; claims: SessionClaims } | { ok: false; reason: 'invalid' | 'expired' };

const AUDIENCE_TO_STRATEGY = new Map(Object.entries(TOKEN_AUDIENCE).map(([s, aud]) => [aud, s as Strategy]));

/** Verifies signature, issuer, expiry and algorithm (HS256 only, so `alg: none` is refused). */
export async function verifySessionToken(secret: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      issuer: ISSUER,
      audience: Object.values(TOKEN_AUDIENCE),
      algorithms: [ALG],
      requiredClaims: ['sub', 'jti', 'exp', 'aud'],
    });
    const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    const strategy = aud ? AUDIENCE_TO_STRATEGY.get(aud) : undefined;
    const subjectId = Number(payload.sub);
    if (!strategy || !Number.isInteger(subjectId) || typeof payload.tv !== 'number')
      return { ok: false, reason: 'invalid' };
    return {
      ok: true,
      claims: {
        strategy,
        subjectId,
        tokenVersion: payload.tv,
        reviewer: payload.rev === true,
        jti: String(payload.jti),
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      },
    };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** A reviewer link token: its own audience, short-lived, single use (its jti is spent on exchange). */
export async function signReviewerToken(
  secret: Uint8Array,
  input: { employeeId: number; issuedBy: number; ttlMinutes: number },
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + input.ttlMinutes * 60_000);
  const token = await new SignJWT({ iby: input.issuedBy })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(REVIEWER_AUDIENCE)
    .setSubject(String(input.employeeId))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
  return { token, expiresAt };
}

export async function verifyReviewerToken(
  secret: Uint8Array,
  token: string,
): Promise<{ employeeId: number; jti: string; expiresAt: Date } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      issuer: ISSUER,
      audience: REVIEWER_AUDIENCE,
      algorithms: [ALG],
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const employeeId = Number(payload.sub);
    if (!Number.isInteger(employeeId)) return null;
    return { employeeId, jti: String(payload.jti), expiresAt: new Date((payload.exp ?? 0) * 1000) };
  } catch {
    return null;
  }
}
