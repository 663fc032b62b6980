/**
 * What a database error means for the request that met it. Drizzle wraps driver errors
 * (`DrizzleQueryError`, whose message carries the SQL and every parameter), so the cause chain is
 * walked; nothing here ever reads a parameter value.
 */

/** Socket-level failures: the database is down, restarting or out of reach. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say the connection, not the statement, failed: class 08 (connection exception),
 * the operator-intervention shutdowns 57P01–57P05 (admin/crash shutdown, cannot connect now, database
 * dropped, idle session timeout), 53300 too many connections, and 57014 a cancelled statement.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P04', '57P05', '53300', '57014']);

/** node-postgres and pg-pool report a lost or unobtainable connection with these messages only. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

type Walkable = { code?: unknown; message?: unknown; cause?: unknown };

/** The error and its causes, outermost first (bounded, in case of a cycle). */
export function causeChain(err: unknown): Walkable[] {
  const chain: Walkable[] = [];
  let current = err;
  while (current && typeof current === 'object' && chain.length < 8) {
    chain.push(current as Walkable);
    current = (current as Walkable).cause;
  }
  return chain;
}

/** The PostgreSQL SQLSTATE of a database error, if it carries one. */
export function sqlState(err: unknown): string | null {
  for (const e of causeChain(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/** True when the database could not be reached or the connection died: a retry may well succeed. */
export function isConnectionError(err: unknown): boolean {
  for (const e of causeChain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code)) return true;
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_STATES.has(code)) return true;
    if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => m.test(e.message as string)))
      return true;
  }
  return false;
}

/**
 * True when PostgreSQL refused the data itself (class 22, data exception: a value out of range, an
 * invalid byte sequence, a malformed literal; class 54, a statement or value over a limit). The
 * validation layer should have refused such input first; this is the net under it, so the client
 * gets a 400 and not a 500.
 */
export function isDataError(err: unknown): boolean {
  const state = sqlState(err);
  return state !== null && (state.startsWith('22') || state.startsWith('54'));
}

/** The facts of a database error that are safe to log: codes and names, never values. */
export function describeDatabaseError(err: unknown): Record<string, string> | null {
  for (const e of causeChain(err)) {
    const o = e as Record<string, unknown>;
    const code = typeof o.code === 'string' ? o.code : null;
    const isPgError = code !== null && (/^[0-9A-Z]{5}$/.test(code) || typeof o.severity === 'string');
    if (!isPgError && !(code && NETWORK_CODES.has(code))) continue;
    const out: Record<string, string> = { code: code ?? '' };
    for (const key of [
      'severity',
      'constraint',
      'table',
      'column',
      'schema',
      'dataType',
      'routine',
    ] as const) {
      if (typeof o[key] === 'string' && o[key]) out[key] = o[key] as string;
    }
    return out;
  }
  return null;
}

/** True when a unique index refused a row (SQLSTATE 23505), optionally this index by name. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of causeChain(err)) {
    const o = e as Record<string, unknown>;
    if (o.code !== '23505') continue;
    return constraint === undefined || o.constraint === constraint;
  }
  return false;
}
