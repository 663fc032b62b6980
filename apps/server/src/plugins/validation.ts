import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { type ErrorBody, TEXT_PROBLEM_MESSAGES, textProblem, type ValidationIssue } from '@dealflow/domain';
import { AppError } from '../lib/errors.ts';

/**
 * Deepest JSON body taken. Our contracts nest a few levels; past this a body is an attack on the
 * recursive code after the parser (zod, jsonb, the serializer), refused before it is parsed.
 */
export const MAX_JSON_DEPTH = 64;
export const JSON_DEPTH_MESSAGE = `must not be nested deeper than ${MAX_JSON_DEPTH} levels`;
/** Enough to show what is wrong without echoing a whole hostile body back. */
const MAX_TEXT_ISSUES = 20;

export type FieldIssue = ValidationIssue;

/**
 * Whether JSON text nests arrays and objects deeper than `max`: one pass over the characters,
 * skipping string contents (and their escapes), so it is linear and never recurses.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

// A key shown in a field name: the offending characters spelled out, not echoed raw.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const BAD_CHAR = /\u0000|[\uD800-\uDFFF]/gu;
const printable = (key: string) =>
  key.replace(BAD_CHAR, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
}

function fieldOf(node: Node, part: string): string {
  const keys: string[] = [];
  for (let n: Node | null = node; n && n.key !== null; n = n.parent) keys.push(printable(n.key));
  return [part, ...keys.reverse()].join('.');
}

/**
 * Every string value and object key under `value` that PostgreSQL could not store as sent (NUL, a
 * lone surrogate), named as the error handler names zod's fields (`body.name`, `querystring.q`).
 * Walked with an explicit stack: the shape may be as deep as the parser allowed.
 */
export function malformedText(value: unknown, part: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && issues.length < MAX_TEXT_ISSUES) {
    const node = stack.pop()!;
    const keyProblem = node.key === null ? null : textProblem(node.key);
    if (keyProblem) {
      // What is under a bad key is not looked at: the key alone refuses the body.
      issues.push({
        field: fieldOf(node, part),
        message: `key ${TEXT_PROBLEM_MESSAGES[keyProblem]}`,
        kind: 'invalid_characters',
      });
      continue;
    }
    const v = node.value;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem)
        issues.push({
          field: fieldOf(node, part),
          message: TEXT_PROBLEM_MESSAGES[problem],
          kind: 'invalid_characters',
        });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: node });
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        stack.push({ value: (v as Record<string, unknown>)[key], key, parent: node });
      }
    }
  }
  return issues.slice(0, MAX_TEXT_ISSUES);
}

/**
 * The zod validator compiler, preceded for every route and every part (params, querystring, body,
 * headers) by the malformed-text check: one place, so no route can forget it.
 */
export const validatorCompiler: typeof zodValidatorCompiler = (route) => {
  const validate = zodValidatorCompiler(route);
  const part = route.httpPart ?? 'body';
  return (data) => {
    const issues = malformedText(data, part);
    if (issues.length > 0) return { error: new AppError('VALIDATION_FAILED', { details: issues }) };
    return validate(data);
  };
};

/**
 * Validation of every request: the JSON body parser with a depth cap (then Fastify's own parser,
 * which keeps its prototype-poisoning refusal) and the validator compiler above.
 */
export function registerInputValidation(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(
        new AppError('VALIDATION_FAILED', {
          details: [
            { field: 'body', message: JSON_DEPTH_MESSAGE, kind: 'too_deep', maximum: MAX_JSON_DEPTH },
          ],
        }),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
}

/**
 * URLs the router refuses before any route runs (a broken percent-escape, a path parameter past
 * its length): answered in the API's error shape, which Fastify's own answer is not.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message =
    status === 414
      ? 'A path parameter is too long'
      : 'The URL is not valid: a percent-escape is broken or not UTF-8';
  const body: ErrorBody = { error: { status, code: 'BAD_REQUEST', message } };
  reply.status(status).send(body);
}
