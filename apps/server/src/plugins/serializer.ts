import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema as FjsSchema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]` (how a nullable field comes out of zod) becomes `type: [X, 'null']`:
 * fast-json-stringify then writes the value directly instead of testing each branch at run time.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !other.anyOf && !other.oneOf) {
      const { anyOf: _drop, ...rest } = out;
      const merged: JsonSchema = { ...rest, ...other, type: [other.type, 'null'] };
      if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
      return merged;
    }
  }
  return out;
}

/** The JSON Schema of a reply contract, as fast-json-stringify reads it. */
export function replyJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

/**
 * Replies are written by fast-json-stringify from the reply contract: only the fields the
 * contract names leave the server, and no per-reply zod pass is paid in production.
 * With `validate` (tests and development) each reply is also checked against the zod contract
 * and the two serializations must agree, so a contract drift fails loudly where it is made.
 */
export function createReplySerializer(validate: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    // Compiled on a route's first reply, not at start: most routes of an instance are never
    // called in its first seconds, and compiling them all slowed start-up by about half a second.
    let compiled: ((data: unknown) => string) | null = null;
    const stringify = (data: unknown) => {
      compiled ??= fastJson(replyJsonSchema(schema) as unknown as FjsSchema);
      return compiled(data);
    };
    if (!validate) return stringify;
    return (data: unknown) => {
      const checked = z.safeEncode(schema, data);
      if (!checked.success) {
        throw new ResponseSerializationError(method, url, { cause: checked.error as z.core.$ZodError });
      }
      const fast = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(JSON.stringify(checked.data)))) {
        const drift = new z.ZodError([
          {
            code: 'custom',
            path: [],
            message: `fast serialization differs from the contract: ${fast}`,
            input: data,
          },
        ]);
        throw new ResponseSerializationError(method, url, { cause: drift });
      }
      return fast;
    };
  };
}
