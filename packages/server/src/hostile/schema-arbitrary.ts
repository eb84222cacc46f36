import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.1) the generated document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

/** Per property name: values to prefer (e.g. ids that exist), mixed into the generated ones. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** Strings stay short: long and huge ones come from `hostileValue`, deliberately. */
const MAX_GENERATED_LENGTH = 40;

export class SchemaArbitraries {
  constructor(
    private readonly doc: OpenApiDocument,
    private readonly hints: Hints = {},
  ) {}

  deref(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let i = 0; current.$ref && i < 20; i += 1) {
      const name = current.$ref.replace('#/components/schemas/', '');
      const target = this.doc.components?.schemas?.[name];
      if (!target) throw new Error(`unknown $ref ${current.$ref}`);
      current = target;
    }
    return current;
  }

  /** Values the schema accepts (as far as JSON Schema says; zod may refine further). */
  valid(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
    const base = this.validUnhinted(this.deref(schema));
    const hint = name ? this.hints[name] : undefined;
    return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: base, weight: 1 }) : base;
  }

  private validUnhinted(s: JsonSchema): fc.Arbitrary<unknown> {
    if ('const' in s) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const union = s.anyOf ?? s.oneOf;
    if (union) return fc.oneof(...union.map((part) => this.valid(part)));
    if (s.allOf?.[0]) return this.valid(s.allOf[0]);
    const types = Array.isArray(s.type)
      ? s.type
      : s.type
        ? [s.type]
        : s.properties
          ? ['object']
          : ['string'];
    return fc.oneof(...types.map((type) => this.byType(type, s)));
  }

  private byType(type: string, s: JsonSchema): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min =
          s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31));
        const max =
          s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 2 ** 31 - 1);
        return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
      }
      case 'number':
        return fc.double({
          min: s.minimum ?? -1e6,
          max: s.maximum ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'array':
        return fc.array(this.valid(s.items ?? {}), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 4, 4),
        });
      case 'object':
        return this.object(s);
      default:
        return this.string(s);
    }
  }

  private object(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = s.properties ?? {};
    const required = s.required ?? [];
    const record = fc.record(
      Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, this.valid(value, key)]),
      ),
      { requiredKeys: required.filter((key) => key in properties) },
    );
    const extra = s.additionalProperties;
    if (!extra || extra === true) return record;
    const more = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), this.valid(extra), {
      maxKeys: 3,
    });
    return fc.tuple(record, more).map(([known, added]) => ({ ...added, ...known }));
  }

  private string(s: JsonSchema): fc.Arbitrary<string> {
    const minLength = s.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(s.maxLength ?? MAX_GENERATED_LENGTH, 200));
    const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
    switch (s.format) {
      case 'date':
        return fc
          .date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10));
      case 'date-time':
        return fc
          .date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString());
      case 'email':
        return fc.emailAddress();
      default:
    }
    if (s.pattern) {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .map((value) => value.slice(0, maxLength))
        .filter(fits);
    }
    return fc.string({ minLength, maxLength, unit: 'grapheme' });
  }
}

/** Strings that broke servers before: NUL, lone surrogates, overlong, path and markup tricks. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  '0x10',
  'NaN',
  'null',
  'undefined',
  'true',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999999',
  '-2147483649',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\t\n\r',
  '\ud800',
  '\udfff\ud800',
  '\ufffe\uffff',
  '\u202egnp.exe',
  'A\u030a\u0301\u0302\u0303\u0304',
  '💥🗓️👩‍👩‍👧‍👦',
  '%00',
  '%2e%2e%2f',
  '../../../../etc/passwd',
  "'; drop table notes; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'x'.repeat(201),
  'ü'.repeat(5_001),
  '𝕏'.repeat(2_000),
];

/** A value of any JSON type that no schema expects here. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      0,
      -0,
      -1,
      0.5,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32,
      2 ** 53,
      -(2 ** 53),
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      1e300,
      [],
      {},
      [[[[]]]],
      [1, 2, 3],
      { id: 1 },
    ),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 64 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

/** Hostile text for places that only carry text (paths, queries, form fields). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 64 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }), weight: 1 },
);
