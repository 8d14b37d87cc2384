import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/*
 * Hostile requests for the fuzz test, generated from the OpenAPI document. Most start from a request
 * the route would accept (real ids and handles of the seeded shop, good values by field name) and
 * then break one thing, so the broken part reaches past validation to the service and the database;
 * the rest are anything at all. The things broken: NUL bytes, lone surrogates, ids past PostgreSQL's
 * integer, wrong types, broken JSON and percent escapes, forged tokens and CSRF headers.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};

type Parameter = { in: string; name: string; schema?: JsonSchema | string };
type Operation = { tags?: string[]; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
export type OpenApi = { paths: Record<string, Record<string, Operation>> };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type Route = {
  method: Method;
  /** As the document writes it: /api/v1/carts/{id}/line-items/. */
  path: string;
  tags: string[];
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
};

export function routesOf(doc: OpenApi): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = (op.parameters ?? []).map((p) => ({ in: p.in, name: p.name, schema: typeof p.schema === 'object' ? p.schema : {} }));
      routes.push({
        method: method.toUpperCase() as Method,
        path,
        tags: op.tags ?? [],
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return routes;
}

/** Real values of the seeded shop and of the shoppers, so requests get past validation to the data. */
export type Pools = {
  ids: number[];
  strings: string[];
  /** Good values by field or query name: email, phone, variant_id, code… */
  fields: Record<string, unknown[]>;
  /** Real sets of path parameters: a product's brand and handle, an order's token… */
  params: Record<string, string>[];
};

// ------------------------------------------------------------------------------------------------
// Values

const UNSAFE = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff'];

/** Strings no text column may take, and strings that test quoting, encoding and parsing on the way. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  "' or '1'='1",
  "'; drop table customers; --",
  '%',
  '%00',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u202e\u200d\ufeff',
  '😀💄',
  'লিপস্টিক',
  'null',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '2147483648',
  '99999999999999999999',
  '__proto__',
  'a'.repeat(300),
];

const withUnsafe = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...UNSAFE), fc.string({ unit: 'binary', maxLength: 8 }))
  .map(([a, b, c]) => a + b + c);

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: withUnsafe },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** Integers around every edge: PostgreSQL's integer, JavaScript's safe integers, zero and below. */
const EDGE_INTS = [0, -1, 7, 2_147_483_647, 2_147_483_648, -2_147_483_649, 4_294_967_296, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e21, 0.5];

/** A JSON value written verbatim: number texts JSON.stringify never writes (out of range, negative zero). */
class RawJson {
  constructor(readonly text: string) {}
}
const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '-0.0',
  '1E2',
  '1.0',
  '123456789012345678901234567890',
  '2147483648',
  '9007199254740993',
];

const edgeNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...EDGE_INTS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...RAW_NUMBERS).map((t) => new RawJson(t)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: edgeNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor')), nastyString, { maxKeys: 2 }) },
);

/** A value the schema accepts, as far as a JSON schema and the pools can tell. */
function goodValue(schema: JsonSchema, pools: Pools, name: string | null, depth: number): fc.Arbitrary<unknown> {
  const known = name !== null ? pools.fields[name] : undefined;
  if (known && known.length > 0) return fc.constantFrom(...known);
  const choices = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (choices.length > 0) return fc.oneof(...choices.map((s) => goodValue(s, pools, name, depth)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.ceil(Math.max(schema.minimum ?? 0, -1e6));
      const max = Math.floor(Math.min(schema.maximum ?? 1e6, 1e6));
      return fc.oneof(fc.constantFrom(...pools.ids), fc.integer({ min, max: Math.max(min, max) }));
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 0 ? fc.array(goodValue(schema.items ?? {}, pools, null, depth - 1), { maxLength: 3 }) : fc.constant([]);
    case 'object': {
      if (depth <= 0) return fc.constant({});
      const required = new Set(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) shape[key] = goodValue(property, pools, key, depth - 1);
      const record = fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
      if (typeof schema.additionalProperties !== 'object') return record;
      const more = fc.dictionary(fc.string({ maxLength: 20 }), goodValue(schema.additionalProperties, pools, null, depth - 1), {
        maxKeys: 4,
      });
      return fc.tuple(record, more).map(([a, b]) => ({ ...b, ...a }));
    }
    case 'string':
      return fc.oneof(fc.constantFrom(...pools.strings), fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 40, 40) }));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Path = (string | number)[];

/** Every place in a JSON value one could break: the value itself, each member, each element. */
function placesIn(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => placesIn(v, [...path, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) placesIn(v, [...path, k], out);
  return out;
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  const obj = value as Record<string, unknown>;
  return { ...obj, [head!]: replaceAt(obj[head!], rest, replacement) };
}

const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, step) => (v as Record<string | number, unknown>)[step], value);

/**
 * A good value with one thing broken: a member added, or one replaced, mostly by the hostile values
 * of its own type (a number by an out-of-range one, a string by one with NUL) so it gets past the
 * type check to the refinements, the service and the database.
 */
function broken(good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const key = fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor', 'user_id', 'price'));
  return fc
    .tuple(good, fc.nat(), hostileValue, edgeNumber, nastyString, fc.nat(3), key)
    .map(([value, pick, bad, badNumber, badString, how, newKey]) => {
      const places = placesIn(value).filter((p) => p.length > 0);
      const containers = placesIn(value).filter((p) => {
        const v = valueAt(value, p);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      if ((how === 0 || places.length === 0) && containers.length > 0)
        return replaceAt(value, [...containers[pick % containers.length]!, newKey], bad);
      const at = places.length ? places[pick % places.length]! : [];
      const old = valueAt(value, at);
      const typed = typeof old === 'number' ? badNumber : typeof old === 'string' ? badString : bad;
      return replaceAt(value, at, how === 1 ? bad : typed);
    });
}

/** JSON text of a value, RawJson written verbatim. JSON.stringify keeps a lone surrogate as a \ud800 escape, as a hostile client would send it. */
function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `__raw_${raws.length - 1}__`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"__raw_(\d+)__"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Bodies no JSON schema describes: broken, nested too deep, too big, escapes PostgreSQL refuses. */
const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  "{'a':1}",
  'null',
  '[]',
  '"\\ud800"',
  '{"email":"\\u0000"}',
  '{"email":"\\ud800@example.com"}',
  '{"a":"\\udfff\\ud800"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '{"a":1e400}',
  '{"a":-0}',
  '['.repeat(10_000) + ']'.repeat(10_000),
  '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

// ------------------------------------------------------------------------------------------------
// URLs

/** Percent-encodes a string; a lone surrogate becomes the bytes of one (ED A0 80), which no decoder accepts. */
function encodeText(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

/** Segments written as they are: broken escapes, an overlong NUL, dots, an escaped slash. */
const RAW_SEGMENTS = ['%', '%zz', '%00', '%C0%80', '%FF', '%ED%A0%80', '..', '.', '%2F', '%2e%2e', '', '%E0%A4%A'];

const NUMERIC_TEXTS = ['1.5', '1e3', '0x10', ' 1', '1 ', '+1', '٣', 'NaN', 'Infinity', ...EDGE_INTS.map(String), '99999999999999999999'];

/** A broken path parameter: for an id mostly a number past an edge, for text mostly text with NUL or a lone surrogate. */
const badSegment = (numeric: boolean): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: numeric ? 1 : 3, arbitrary: nastyString.map(encodeText) },
    { weight: numeric ? 4 : 1, arbitrary: fc.constantFrom(...NUMERIC_TEXTS).map(encodeText) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );

function goodSegment(schema: JsonSchema, pools: Pools, name: string): fc.Arbitrary<string> {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const value = numeric ? fc.constantFrom(...pools.ids).map(String) : goodValue(schema, pools, name, 0).map(String);
  return value.map(encodeText);
}

function pathFor(route: Route, pools: Pools): fc.Arbitrary<string> {
  if (route.pathParams.length === 0) return fc.constant(route.path);
  const names = route.pathParams.map((p) => p.name);
  const generated = fc.record(Object.fromEntries(route.pathParams.map((p) => [p.name, goodSegment(p.schema, pools, p.name)])));
  const real = pools.params
    .filter((set) => names.every((n) => n in set))
    .map((set) => Object.fromEntries(names.map((n) => [n, encodeText(set[n]!)])));
  const good = real.length ? fc.oneof(fc.constantFrom(...real), generated) : generated;
  const values = fc.oneof(
    { weight: 1, arbitrary: good },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...route.pathParams)
        .chain((p) =>
          fc
            .tuple(good, badSegment(p.schema.type === 'integer' || p.schema.type === 'number'))
            .map(([v, bad]) => ({ ...v, [p.name]: bad })),
        ),
    },
  );
  return values.map((v) => route.path.replace(/\{(\w+)\}/g, (_m, name: string) => v[name] ?? ''));
}

const scalarText = (value: unknown) => (typeof value === 'string' ? value : value instanceof RawJson ? value.text : toJsonText(value));

function queryFor(route: Route, pools: Pools): fc.Arbitrary<string> {
  const good = fc.tuple(...route.queryParams.map((p) => fc.option(goodValue(p.schema, pools, p.name, 0), { nil: undefined })));
  const junk = fc.oneof(
    fc
      .tuple(fc.oneof(nastyString, fc.constantFrom('__proto__', 'constructor', 'page', 'search', 'id')), nastyString)
      .map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`),
    fc.constantFrom('%', 'a=%zz', '&&&=', '=', 'a[b]=1', 'a=1;b=2', 'search=%00', 'q=%ED%A0%80', 'page=99999999999999999999'),
  );
  return fc.tuple(good, fc.nat(), hostileValue, fc.nat(3), junk).map(([values, pick, bad, how, extra]) => {
    const pairs = route.queryParams.flatMap((p, i) =>
      values[i] === undefined ? [] : [[p.name, scalarText(values[i])] as [string, string]],
    );
    const parts = pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`);
    // One in four as it is; else one value broken, one repeated, or junk added.
    if (how === 1 && route.queryParams.length) {
      const name = route.queryParams[pick % route.queryParams.length]!.name;
      parts.push(`${encodeText(name)}=${encodeText(scalarText(bad))}`);
    } else if (how === 2 && parts.length) parts.push(parts[pick % parts.length]!);
    else if (how === 3) parts.push(extra);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

// ------------------------------------------------------------------------------------------------
// The request

type Actor = 'visitor' | 'visitor with a forged token' | 'shopper by token' | 'shopper by cookie' | 'shopper by cookie, wrong CSRF';

export type FuzzRequest = {
  method: Method;
  url: string;
  actor: Actor;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  payload?: string;
  remoteAddress: string;
  /** Printable ASCII for a forged token or CSRF header. */
  forged: string;
};

/** The signed-in shopper doing the fuzzing; read at send time, as a logout or a refresh replaces the token. */
export type Identity = { token: string; csrf: string };

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });

export function requestFor(route: Route, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const unsafeMethod = route.method !== 'GET';
  let body: fc.Arbitrary<string | undefined> = fc.constant(undefined);
  if (route.body) {
    const good = goodValue(route.body, pools, null, 5);
    body = fc.oneof(
      { weight: 4, arbitrary: good.map(toJsonText) },
      { weight: 5, arbitrary: broken(good).map(toJsonText) },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.constantFrom(...RAW_BODIES),
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.constant(undefined),
        ),
      },
    );
  } else if (unsafeMethod) {
    body = fc.oneof(
      fc.constant(undefined),
      fc.constant('{}'),
      fc.constantFrom(...RAW_BODIES),
      fc.jsonValue().map((v) => JSON.stringify(v)),
    );
  }
  const contentType = fc.oneof(
    { weight: 15, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
        'multipart/form-data',
        '',
      ),
    },
  );
  const headers = fc.record(
    {
      'my-department': fc.oneof(fc.constantFrom('', 'beauty', 'toys', 'home', 'sport', 'KIDS'), printable),
      'my-location': fc.oneof(fc.constantFrom('BD', 'INT', 'None', 'bd'), printable),
      'idempotency-key': fc.oneof(fc.constantFrom('fuzz-key-0001', 'short', 'has space in it'), printable),
      'accept-language': printable,
    },
    { requiredKeys: [] },
  );
  const cookies = fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          cart: fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 43, maxLength: 43 }), nastyString),
          social_flow: fc.oneof(
            fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
            nastyString,
          ),
        },
        { requiredKeys: [] },
      ),
    },
  );
  const actor = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Actor>('visitor') },
    { weight: 1, arbitrary: fc.constant<Actor>('visitor with a forged token') },
    { weight: 3, arbitrary: fc.constant<Actor>('shopper by token') },
    { weight: 3, arbitrary: fc.constant<Actor>('shopper by cookie') },
    { weight: 1, arbitrary: fc.constant<Actor>('shopper by cookie, wrong CSRF') },
  );
  const ip = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`);
  return fc
    .record({
      actor,
      path: pathFor(route, pools),
      query: queryFor(route, pools),
      body,
      contentType,
      headers,
      cookies,
      ip,
      forged: printable,
    })
    .map(({ actor, path, query, body, contentType, headers, cookies, ip, forged }) => {
      const sent: Record<string, string> = { ...headers };
      if (body !== undefined && contentType) sent['content-type'] = contentType;
      return {
        method: route.method,
        url: path + query,
        actor,
        headers: sent,
        cookies,
        ...(body !== undefined ? { payload: body } : {}),
        remoteAddress: ip,
        forged,
      };
    });
}

/** The request as app.inject takes it, signed in as the shopper when the actor is one. */
export function injectOptions(req: FuzzRequest, shopper: Identity): InjectOptions {
  const headers = { ...req.headers };
  const cookies = { ...req.cookies };
  if (req.actor === 'visitor with a forged token') headers.authorization = `Token ${req.forged}`;
  if (req.actor === 'shopper by token') headers.authorization = `Token ${shopper.token}`;
  if (req.actor === 'shopper by cookie' || req.actor === 'shopper by cookie, wrong CSRF') cookies.token = shopper.token;
  // Whoever sends cookies sends the CSRF pair too (else every unsafe call stops at 403), except the actor testing it.
  if (Object.keys(cookies).length > 0) {
    cookies.csrftoken = shopper.csrf;
    headers['x-csrftoken'] = req.actor === 'shopper by cookie, wrong CSRF' ? req.forged : shopper.csrf;
  }
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${encodeText(v)}`)
    .join('; ');
  if (cookie) headers.cookie = cookie;
  return {
    method: req.method,
    url: req.url,
    headers,
    remoteAddress: req.remoteAddress,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  };
}
