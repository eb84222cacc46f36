import fc from 'fast-check';
import {
  HOSTILE_STRINGS,
  hostileText,
  hostileValue,
  type JsonSchema,
  type Operation,
  type SchemaArbitraries,
} from './schema-arbitrary.ts';

/** How a generated request authenticates. */
export type AuthKind = 'valid' | 'none' | 'garbage' | 'forged' | 'cookie';

/** A request as generated: symbolic values (`@…`) are filled in when it is sent. */
export interface RequestSpec {
  method: string;
  /** Path and query, percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body: BodySpec | undefined;
  auth: AuthKind;
}

export type BodySpec =
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string | undefined }
  | { kind: 'form'; fields: [string, string | FileSpec][] };

export interface FileSpec {
  file: true;
  name: string;
  type: string;
  /** Symbolic `@audio` for the real recording, else the bytes. */
  bytes: Uint8Array | '@audio';
}

/** UTF-8 percent-encoding that survives lone surrogates (encodeURIComponent throws on them). */
export function encodeText(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Raw path segments that are not valid percent-encoding or walk upwards. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%AF', '..', '.', '%2F', '%00', '%2e%2e'];

const scalarText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** Text of a path or query parameter: valid by its schema, hostile, or raw broken encoding. */
function parameterText(schemas: SchemaArbitraries, schema: JsonSchema, name: string) {
  return fc.oneof(
    {
      arbitrary: schemas.valid(schema, name).map((value) => encodeText(scalarText(value))),
      weight: 4,
    },
    { arbitrary: hostileText.map(encodeText), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
  );
}

function pathArbitrary(schemas: SchemaArbitraries, path: string, op: Operation) {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  if (params.length === 0) return fc.constant(path);
  return fc
    .tuple(...params.map((p) => parameterText(schemas, p.schema, p.name)))
    .map((values) =>
      params.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] ?? ''), path),
    );
}

function queryArbitrary(schemas: SchemaArbitraries, op: Operation) {
  const params = (op.parameters ?? []).filter((p) => p.in === 'query');
  const pairs = fc.tuple(
    ...params.map((p) =>
      fc.option(parameterText(schemas, p.schema, p.name), {
        nil: undefined,
        freq: p.required ? 8 : 2,
      }),
    ),
  );
  // Duplicated keys, array syntax and keys no one asked for.
  const extras = fc.array(
    fc.oneof(
      ...params.map((p) => parameterText(schemas, p.schema, p.name).map((v) => `${p.name}=${v}`)),
      ...params.map((p) => fc.constant(`${encodeText(`${p.name}[]`)}=1`)),
      hostileText.map((k) => `${encodeText(k)}=1`),
      fc.constantFrom('&&', '=', '==', '&=&', '%'),
    ),
    { maxLength: params.length ? 2 : 3 },
  );
  return fc.tuple(pairs, extras).map(([values, added]) => {
    const parts = params.flatMap((p, i) =>
      values[i] === undefined ? [] : [`${p.name}=${values[i]}`],
    );
    const query = [...parts, ...added].join('&');
    return query ? `?${query}` : '';
  });
}

/** The object keys a schema names, for targeted mutations. */
function keysOf(schemas: SchemaArbitraries, schema: JsonSchema): string[] {
  const s = schemas.deref(schema);
  return Object.keys(s.properties ?? {});
}

const WRONG_JSON_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json, text/plain',
  'application/merge-patch+json',
];

const RAW_JSON = [
  '',
  '{',
  '{"a":',
  '}',
  'null',
  '[]',
  '"text"',
  '0',
  'NaN',
  '\u0000',
  '\ufeff{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `{"a":"${'\\ud800'}"}`,
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(8_000) + '1' + '}'.repeat(8_000),
  `"${'x'.repeat(70 * 1024)}"`,
  `[${'1,'.repeat(30_000)}1]`,
];

function jsonBodyArbitrary(schemas: SchemaArbitraries, schema: JsonSchema): fc.Arbitrary<BodySpec> {
  const valid = schemas.valid(schema);
  const keys = keysOf(schemas, schema);
  const asObject = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const json = (value: unknown): BodySpec => ({
    kind: 'json',
    value,
    contentType: 'application/json',
  });
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('id');
  return fc.oneof(
    { arbitrary: valid.map(json), weight: 4 },
    {
      // One field replaced by a value of the wrong kind or a hostile one.
      arbitrary: fc
        .tuple(valid, key, hostileValue)
        .map(([value, k, bad]) => json({ ...asObject(value), [k]: bad })),
      weight: 6,
    },
    {
      // A required (or any) field missing.
      arbitrary: fc.tuple(valid, key).map(([value, k]) => {
        const copy = { ...asObject(value) };
        delete copy[k];
        return json(copy);
      }),
      weight: 1,
    },
    {
      // Fields no one asked for.
      arbitrary: fc
        .tuple(valid, fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }))
        .map(([value, extra]) => json({ ...extra, ...asObject(value) })),
      weight: 1,
    },
    {
      // The same key twice: which one wins must not matter for safety.
      arbitrary: fc.tuple(valid, key, hostileValue).map(([value, k, bad]): BodySpec => {
        const text = JSON.stringify(asObject(value));
        const duplicate = `${JSON.stringify(k)}:${JSON.stringify(bad) ?? 'null'}`;
        return {
          kind: 'raw',
          text: text === '{}' ? `{${duplicate}}` : `${text.slice(0, -1)},${duplicate}}`,
          contentType: 'application/json',
        };
      }),
      weight: 1,
    },
    { arbitrary: hostileValue.map(json), weight: 1 },
    {
      arbitrary: fc
        .constantFrom(...RAW_JSON)
        .map((text): BodySpec => ({ kind: 'raw', text, contentType: 'application/json' })),
      weight: 2,
    },
    {
      // A valid body under the wrong content type (or none).
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...WRONG_JSON_TYPES))
        .map(([value, contentType]): BodySpec => ({
          kind: 'raw',
          text: JSON.stringify(value) ?? '',
          contentType,
        })),
      weight: 2,
    },
  );
}

const fileArbitrary: fc.Arbitrary<FileSpec> = fc.record({
  file: fc.constant(true as const),
  name: fc.oneof(fc.constantFrom('a.mp3', 'a.wav', 'a', '.mp3', 'a.mp3.exe'), hostileText),
  type: fc.constantFrom('audio/mpeg', 'audio/wav', 'application/octet-stream', 'text/html', ''),
  bytes: fc.oneof(
    { arbitrary: fc.uint8Array({ maxLength: 2048 }), weight: 4 },
    { arbitrary: fc.constant('@audio' as const), weight: 1 },
  ),
});

function formBodyArbitrary(schemas: SchemaArbitraries, schema: JsonSchema): fc.Arbitrary<BodySpec> {
  const s = schemas.deref(schema);
  const entries = Object.entries(s.properties ?? {});
  const field = ([name, property]: [string, JsonSchema]) => {
    const binary = schemas.deref(property).format === 'binary';
    const value: fc.Arbitrary<string | FileSpec> = binary
      ? fc.oneof({ arbitrary: fileArbitrary, weight: 6 }, { arbitrary: hostileText, weight: 1 })
      : fc.oneof(
          { arbitrary: schemas.valid(property, name).map(scalarText), weight: 4 },
          { arbitrary: hostileText, weight: 2 },
        );
    return fc
      .option(value, { nil: undefined, freq: 10 })
      .map((v): [string, string | FileSpec][] => (v === undefined ? [] : [[name, v]]));
  };
  const form = fc
    .tuple(
      fc.tuple(...entries.map(field)),
      // Repeated and unknown fields.
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...entries.map(([name]) => name)), hostileText),
          hostileText,
        ),
        { maxLength: 2 },
      ),
    )
    .map(([fields, extra]): BodySpec => ({ kind: 'form', fields: [...fields.flat(), ...extra] }));
  return fc.oneof(
    { arbitrary: form, weight: 8 },
    { arbitrary: jsonBodyArbitrary(schemas, schema), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        {
          kind: 'raw',
          text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
          contentType: 'multipart/form-data; boundary=x',
        },
        { kind: 'raw', text: 'garbage', contentType: 'multipart/form-data' },
        { kind: 'raw', text: '', contentType: 'multipart/form-data; boundary=' },
        { kind: 'raw', text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
      ) as fc.Arbitrary<BodySpec>,
      weight: 1,
    },
  );
}

function bodyArbitrary(schemas: SchemaArbitraries, op: Operation, method: string) {
  const content = op.requestBody?.content ?? {};
  const multipart = content['multipart/form-data']?.schema;
  const json = content['application/json']?.schema;
  if (multipart) return formBodyArbitrary(schemas, multipart).map((b) => b as BodySpec | undefined);
  if (json) return jsonBodyArbitrary(schemas, json).map((b) => b as BodySpec | undefined);
  // No body documented: none, or one the call must ignore.
  if (method === 'GET' || method === 'HEAD') return fc.constant(undefined);
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    {
      arbitrary: hostileValue.map((value): BodySpec | undefined => ({
        kind: 'json',
        value,
        contentType: 'application/json',
      })),
      weight: 1,
    },
  );
}

const authArbitrary: fc.Arbitrary<AuthKind> = fc.oneof(
  { arbitrary: fc.constant('valid' as const), weight: 10 },
  {
    arbitrary: fc.constantFrom('none', 'garbage', 'forged', 'cookie') as fc.Arbitrary<AuthKind>,
    weight: 2,
  },
);

/** Header values must be Latin-1 without controls: the fetch API refuses anything else. */
const headerText = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((s) => /^[\x20-\x7e\xa0-\xff]*$/.test(s))),
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 40,
  }),
);

const extraHeaders = fc.record(
  {
    Range: fc.oneof(
      fc.constantFrom(
        'bytes=0-',
        'bytes=0-0',
        'bytes=-1',
        'bytes=-0',
        'bytes=5-1',
        'bytes=999999999999999999999-',
        'bytes=0-1,2-3,4-5',
        'bytes=a-b',
        'items=0-1',
      ),
      headerText,
    ),
    'Accept-Language': headerText,
    'Accept-Encoding': fc.constantFrom('br', 'gzip;q=0', '*', 'identity;q=0', 'x'),
    'If-None-Match': headerText,
    'X-Request-Id': headerText,
    'X-Forwarded-For': headerText,
  },
  { requiredKeys: [] },
);

/** Every request this operation can be sent: valid, malformed and hostile, by the document. */
export function requestArbitrary(
  schemas: SchemaArbitraries,
  method: string,
  path: string,
  op: Operation,
): fc.Arbitrary<RequestSpec> {
  return fc
    .record({
      path: pathArbitrary(schemas, path, op),
      query: queryArbitrary(schemas, op),
      body: bodyArbitrary(schemas, op, method.toUpperCase()),
      auth: op.security?.length
        ? authArbitrary
        : fc.constantFrom<AuthKind>('none', 'none', 'garbage'),
      headers: extraHeaders,
    })
    .map(({ path: p, query, body, auth, headers }) => ({
      method: method.toUpperCase(),
      url: `${p}${query}`,
      headers: headers as Record<string, string>,
      body,
      auth,
    }));
}
