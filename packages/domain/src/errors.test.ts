import { describe, expect, it } from 'vitest';
import { ErrorResponse } from './contracts/common.ts';
import { ERROR_CATALOGUE, type ErrorCode } from './errors.ts';

const CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

describe('ERROR_CATALOGUE', () => {
  it.each(CODES)('%s has a 4xx/5xx status and a message', (code) => {
    const { status, message } = ERROR_CATALOGUE[code];
    expect(Number.isInteger(status)).toBe(true);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
    expect(message.trim()).not.toBe('');
    expect(message).toBe(message.trim());
  });

  it('uses upper snake case codes', () => {
    for (const code of CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it.each([
    ['EMPLOYEE_NOT_FOUND', 404, 'Employee Not Found'],
    ['CASE_NOT_FOUND', 404, 'Case not found'],
    ['INCORRECT_VERIFICATION_CODE', 422, 'Incorrect verification code'],
    ['STATIC_KEY_TYPE', 400, 'type must be domain or industry'],
    ['MISSING_CASE_OR_DD_ID', 400, 'miss case-id or dd-id'],
    ['MISSING_QUESTION_OR_CASE_ID', 400, 'Missing question or caseId'],
    ['FORBIDDEN', 403, 'Forbidden'],
    ['INTERNAL', 500, 'Internal Server Error'],
  ] as const)('%s is %i %s (SPEC section 5 and 8)', (code, status, message) => {
    expect(ERROR_CATALOGUE[code]).toEqual({ status, message });
  });

  it('carries every client-side message of SPEC section 8 verbatim', () => {
    const messages = new Set<string>(CODES.map((c) => ERROR_CATALOGUE[c].message));
    for (const m of [
      'type must be domain or industry',
      'miss case-id or dd-id',
      'miss case-id',
      'case id is required',
      'Params is required',
      'ID is required',
      'Case ID or Client ID is required',
      'interest ID is required',
      'Client ID is required',
      'Client or Contact ID is required',
      'Employee Not Found',
      'Incorrect verification code',
      'Case not found',
      'Missing question or caseId',
    ]) {
      expect(messages.has(m), m).toBe(true);
    }
  });

  it('keeps 5xx messages generic', () => {
    for (const code of CODES) {
      const { status, message } = ERROR_CATALOGUE[code];
      if (status >= 500) expect(message).not.toMatch(/sql|stack|postgres|exception/i);
    }
  });

  it('uses 401 for authentication, 403 for the guards (SPEC section 6)', () => {
    expect(ERROR_CATALOGUE.UNAUTHENTICATED.status).toBe(401);
    expect(ERROR_CATALOGUE.INVALID_TOKEN.status).toBe(401);
    expect(ERROR_CATALOGUE.WRONG_STRATEGY.status).toBe(403);
    expect(ERROR_CATALOGUE.VALIDATION_FAILED.status).toBe(400);
    expect(ERROR_CATALOGUE.INVALID_SORT.status).toBe(400);
  });
});

describe('ErrorResponse contract', () => {
  it.each(CODES)('accepts the body of %s', (code) => {
    const body = {
      error: { status: ERROR_CATALOGUE[code].status, code, message: ERROR_CATALOGUE[code].message },
    };
    expect(ErrorResponse.parse(body)).toEqual(body);
  });

  it('accepts details and refuses unknown codes', () => {
    expect(
      ErrorResponse.safeParse({
        error: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          details: [{ path: 'email' }],
        },
      }).success,
    ).toBe(true);
    expect(ErrorResponse.safeParse({ error: { status: 400, code: 'NOPE', message: 'x' } }).success).toBe(
      false,
    );
    expect(ErrorResponse.safeParse({ error: { status: 400, code: 'BAD_REQUEST' } }).success).toBe(false);
  });
});
