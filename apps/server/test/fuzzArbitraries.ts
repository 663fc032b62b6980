import fc from 'fast-check';

/**
 * Requests for the route fuzz (routeFuzz.test.ts), derived from the routes' own contracts as the
 * OpenAPI document gives them (zod → JSON Schema, OpenAPI 3.0 flavour: `nullable`, boolean
 * `exclusiveMinimum`). Values are a mix: valid by the contract, so requests reach the services
 * and the database, and hostile (malformed text, out-of-range numbers, wrong types, extra and
 * prototype keys, deep nesting, broken encodings), so the validation layer is tried too.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
};

/** Ids of rows the test seeded; ids generated for fields named like ids come mostly from here. */
export interface FuzzContext {
  ids: number[];
  /** Emails of seeded accounts, so sign-ins and lookups sometimes find someone. */
  emails: string[];
  /** Values a field or parameter of that name takes that its schema does not tell (a password). */
  hints: Record<string, string[]>;
}

const INT32_MAX = 2_147_483_647;

/** Text that has broken, or could break, something after validation. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDFFF\uD800',
  '😀',
  '\u202Eevil',
  '\uFEFF',
  '%00',
  '%',
  '..',
  '../../etc/passwd',
  '\\',
  "' OR 1=1 --",
  '"; drop table cases; --',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e-400',
  '0x1F',
  '0b11',
  '1_000',
  '١٢٣',
  '９',
  '9007199254740993',
  '2147483648',
  '-2147483649',
  '4294967296',
  '99999999999999999999999',
  '-1',
  '-0',
  '0',
  '1.5',
  ' 7 ',
  '+5',
  '1,2',
  '1e3',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31T23:59:60Z',
  '275760-09-13T00:00:00.001Z',
  'created_at:asc;drop',
  'id:asc',
  'x'.repeat(10_000),
  '長'.repeat(3000),
];

/** Any UTF-16 code units: NUL, controls and lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  INT32_MAX,
  INT32_MAX + 1,
  -INT32_MAX - 1,
  -INT32_MAX - 2,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  1e-7,
];

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Keys no contract names, some of which poison prototypes if a parser or merge is careless. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  'a.b',
  'a[b]',
  '$where',
  '\u0000',
  '\uD800',
];

/** Arrays nested around a value, up to past the body parser's depth cap. */
const nested = fc.tuple(fc.integer({ min: 1, max: 80 }), fc.boolean()).map(([depth, asObject]) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = asObject ? { a: v } : [v];
  return v;
});

/** A value of any JSON type, mostly not the expected one. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': null }) },
  { weight: 1, arbitrary: nested },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** An object with own keys, `__proto__` included (a literal or spread would set the prototype). */
function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
  return out;
}

const isIdName = (name: string) => /(^id$|_id$|Id$)/.test(name);
const isIdListName = (name: string) => /_ids$/.test(name);

function idArb(ctx: FuzzContext): fc.Arbitrary<number> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ctx.ids) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20 }) },
  );
}

function numberBounds(schema: JsonSchema, integer: boolean) {
  let min = schema.minimum ?? (integer ? -INT32_MAX - 1 : -1e15);
  let max = schema.maximum ?? (integer ? INT32_MAX : 1e15);
  const step = integer ? 1 : Number.EPSILON;
  if (schema.exclusiveMinimum === true) min += step;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  return { min, max };
}

/** Dates a contract takes, out to the years a calendar can name. */
const anyDate = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59Z'),
  noInvalidDate: true,
});

function stringArb(schema: JsonSchema, ctx: FuzzContext, name: string): fc.Arbitrary<string> {
  const hints = ctx.hints[name];
  const plain = plainStringArb(schema, ctx);
  return hints ? fc.oneof(fc.constantFrom(...hints), plain) : plain;
}

function plainStringArb(schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  switch (schema.format) {
    case 'email':
      return fc.oneof(
        fc.constantFrom(...ctx.emails),
        fc.emailAddress(),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).map((u) => `${u}@example.com`),
      );
    case 'uri':
      return fc.webUrl({ withQueryParameters: true, withFragments: true });
    case 'date':
      return anyDate.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return anyDate.map((d) => d.toISOString());
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { maxLength: Math.max(maxLength, 60) });
    } catch {
      // A pattern fast-check cannot generate from: plain text, refused by the contract.
    }
  }
  // The longest text the contract takes, in characters that are more than one UTF-8 byte.
  const longest =
    schema.maxLength === undefined
      ? []
      : ['長'.repeat(schema.maxLength), '😀'.repeat(Math.floor(schema.maxLength / 2))];
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(' '.repeat(Math.max(minLength, 1)), ...longest) },
  );
}

/**
 * Values for a schema. `mix` is how often a value (at any level) is replaced by a hostile one:
 * 0 keeps the whole value valid by the contract, so requests get past validation.
 */
export function valueArb(
  schema: JsonSchema,
  ctx: FuzzContext,
  mix: number,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const valid = validArb(schema, ctx, mix, name, depth);
  if (mix === 0) return valid;
  return fc.oneof({ weight: 10 - mix, arbitrary: valid }, { weight: mix, arbitrary: hostileJson });
}

function validArb(
  schema: JsonSchema,
  ctx: FuzzContext,
  mix: number,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const base = baseArb(schema, ctx, mix, name, depth);
  return schema.nullable
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 5, arbitrary: base })
    : base;
}

function baseArb(
  schema: JsonSchema,
  ctx: FuzzContext,
  mix: number,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validArb(s, ctx, mix, name, depth + 1)));
  if (schema.allOf?.[0]) return validArb(schema.allOf[0], ctx, mix, name, depth + 1);
  if (schema.not) return hostileJson;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema, ctx, name);
    case 'integer': {
      if (isIdName(name)) return idArb(ctx);
      const { min, max } = numberBounds(schema, true);
      const lo = Math.max(min, -INT32_MAX - 1);
      const hi = Math.min(max, INT32_MAX);
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: lo, max: hi }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
      );
    }
    case 'number': {
      const { min, max } = numberBounds(schema, false);
      return fc.oneof(
        { weight: 4, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(min, max, 0, 1e-7, 0.1 + 0.2).filter((n) => n >= min && n <= max),
        },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const itemName = isIdListName(name) ? 'id' : name;
      const items = schema.items ? valueArb(schema.items, ctx, mix, itemName, depth + 1) : hostileJson;
      const minLength = schema.minItems ?? 0;
      return fc.array(items, {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'object':
      return objectArb(schema, ctx, mix, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArb(schema: JsonSchema, ctx: FuzzContext, mix: number, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  // A field no one may send (z.never) is only sent in hostile requests.
  const fields = properties
    .filter(([, s]) => mix > 0 || !s.not)
    .map(([key, s]) => {
      const value = valueArb(s, ctx, mix, key, depth + 1);
      // A required field is left out now and then when values are hostile.
      const present = required.has(key) && mix === 0 ? fc.constant(true) : fc.boolean();
      return fc.tuple(fc.constant(key), value, present);
    });
  const extra =
    typeof schema.additionalProperties === 'object'
      ? fc.array(
          fc.tuple(
            fc.string({ maxLength: 10 }),
            valueArb(schema.additionalProperties, ctx, mix, '', depth + 1),
          ),
          { maxLength: 3 },
        )
      : fc.constant<Array<[string, unknown]>>([]);
  const strangers =
    mix === 0
      ? fc.constant<Array<[string, unknown]>>([])
      : fc.array(fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), hostileText), hostileJson), {
          maxLength: 2,
        });
  return fc
    .tuple(fc.tuple(...fields), extra, strangers)
    .map(([known, more, odd]) =>
      objectOf([
        ...known.filter(([, , present]) => present).map(([k, v]) => [k, v] as [string, unknown]),
        ...more,
        ...odd,
      ]),
    );
}

/** A parameter value as query or path text, valid by the contract. */
export function validText(schema: JsonSchema, ctx: FuzzContext, name: string): fc.Arbitrary<string> {
  return validArb(schema, ctx, 0, name, 0).map(asText);
}

/** A parameter value as query or path text: valid ones stringified, hostile ones as they are. */
export function textArb(
  schema: JsonSchema,
  ctx: FuzzContext,
  name: string,
  mix: number,
): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10 - mix, arbitrary: validText(schema, ctx, name) },
    {
      weight: mix,
      arbitrary: fc.oneof(
        { weight: 2, arbitrary: hostileText },
        { weight: 1, arbitrary: hostileNumber.map(String) },
      ),
    },
  );
}

function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(asText).join(',');
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/**
 * Percent-encodes text for a URL as a client would, except that a lone surrogate is sent as the
 * bytes a careless encoder makes of it (WTF-8), which are not valid UTF-8.
 */
export function encodeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/** Query and path text sent as is: broken escapes and separators. */
export const RAW_URL_TEXT = [
  '%',
  '%zz',
  '%0',
  '%00',
  '%ED%A0%80',
  '%C0%AE',
  '%FF',
  '%2F',
  '..',
  '.',
  '&',
  '=',
  '#',
  '?',
  ';',
];
