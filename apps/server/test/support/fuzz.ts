import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { openAPI } from 'better-auth/plugins/open-api';
import { buildApp } from '../../src/app.js';
import type { Auth } from '../../src/auth/auth.js';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import { TEST_SECRET, type TestApp, dialect, freshPostgresDatabase } from './test-app.js';

/*
 * The pieces of the OpenAPI-driven fuzzer (fuzz.test.ts): a seeded PRNG, the operations of the
 * document, hostile values, requests over raw node:http, and the rule every answer must keep.
 */

// ---------------------------------------------------------------------------------------------
// Seeded randomness: the same seed gives the same inputs, so a failure can be replayed.

/** A small deterministic PRNG (sfc32 seeded through cyrb128); never Math.random. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    for (let i = 0; i < seed.length; i++) {
      const k = seed.charCodeAt(i);
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    this.a = Math.imul(h3 ^ (h1 >>> 18), 597399067) >>> 0;
    this.b = Math.imul(h4 ^ (h2 >>> 22), 2869860233) >>> 0;
    this.c = Math.imul(h1 ^ (h3 >>> 17), 951274213) >>> 0;
    this.d = Math.imul(h2 ^ (h4 >>> 19), 2716044179) >>> 0;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[this.int(items.length)] as T;
  }
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, as far as the fuzzer reads it.

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  nullable?: boolean;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** `GET /api/tracks/{id}`: the test's name and the PRNG's seed suffix. */
  key: string;
  method: string;
  /** The path template of the document, `{name}` for each path parameter. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the document gives one. */
  body?: Schema;
  /** Content types each documented response status may have (`default` included). */
  responseTypes: Record<string, string[]>;
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; responses?: Record<string, { content?: Record<string, unknown> }> }>>;
}

const HTTP_METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);

/** Every operation the document lists, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [pathTemplate, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const responseTypes: Record<string, string[]> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) responseTypes[status] = Object.keys(response.content ?? {});
      // Path parameters the template names but the document does not describe are still fuzzed.
      const named = [...pathTemplate.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const pathParams = named.map((name) => parameters.find((p) => p.in === 'path' && p.name === name) ?? { name, in: 'path' as const, required: true, schema: { type: 'string' } });
      operations.push({
        key: `${method.toUpperCase()} ${pathTemplate}`,
        method: method.toUpperCase(),
        path: pathTemplate,
        pathParams,
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        responseTypes,
      });
    }
  }
  return operations;
}

/**
 * better-auth's own OpenAPI description of its endpoints (from its openAPI plugin, on a copy of
 * Platter's auth options), under `basePath`: for fuzzing /api/auth/* while Platter's document does
 * not list them. Platter serves them all through one catch-all route.
 */
export async function betterAuthDocument(auth: Auth, basePath = '/api/auth'): Promise<OpenApiDocument> {
  const described = betterAuth({ ...auth.options, plugins: [...auth.options.plugins, openAPI()] });
  const document = (await described.api.generateOpenAPISchema()) as unknown as OpenApiDocument;
  return { paths: Object.fromEntries(Object.entries(document.paths ?? {}).map(([pathTemplate, item]) => [`${basePath}${pathTemplate}`, item])) };
}

// ---------------------------------------------------------------------------------------------
// Real ids, so that some requests get past "not found" into the code behind it.

/** Kinds of real things the fuzzed users own; a parameter or field name says which one it wants. */
export type IdKind = 'track' | 'playlist' | 'entry' | 'post' | 'comment' | 'user' | 'report' | 'token' | 'fileUrl';
export type IdPool = Partial<Record<IdKind, string[]>>;

/** `{id}` after these path segments is an id of that kind. */
const KIND_BY_SEGMENT: Record<string, IdKind> = {
  tracks: 'track',
  playlists: 'playlist',
  posts: 'post',
  comments: 'comment',
  artists: 'user',
  profiles: 'user',
  users: 'user',
  reports: 'report',
  uploads: 'token',
};
/** Parameters and body fields named so are ids of that kind, wherever they are. */
const KIND_BY_NAME: Record<string, IdKind> = {
  trackId: 'track',
  playlistId: 'playlist',
  entryId: 'entry',
  entryIds: 'entry',
  postId: 'post',
  commentId: 'comment',
  artistId: 'user',
  userId: 'user',
  reportId: 'report',
  token: 'token',
  url: 'fileUrl',
};

/** The kind of id a path parameter holds: by its name, or for `{id}` by the segment before it. */
export function pathParamKind(pathTemplate: string, name: string): IdKind | undefined {
  if (KIND_BY_NAME[name]) return KIND_BY_NAME[name];
  const segments = pathTemplate.split('/');
  const at = segments.indexOf(`{${name}}`);
  return at > 0 ? KIND_BY_SEGMENT[segments[at - 1] as string] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Hostile values.

const MB = 1024 * 1024;

/** Text that has broken services before: NUL, bidi and zero-width marks, lone surrogates, numbers as text, injections, `$` patterns. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\0',
  'a\0b',
  '\u202Eevil\u202C.mp3',
  '\u200B',
  '\u200B\u200C\u200D\u2060\uFEFF',
  'مرحبا بالعالم שלום',
  '\u202Bעברית\u202C mixed',
  '🎵',
  '👩‍👩‍👧‍👦🏳️‍🌈🇺🇦',
  'e\u0301'.repeat(300),
  '\uD800',
  '\uDFFF\uD800x',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  '9007199254740993',
  '0x1F',
  'true',
  'null',
  'undefined',
  '[object Object]',
  "' OR '1'='1' --",
  '"; DROP TABLE tracks; --',
  '%00',
  '%',
  '../../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  "$`$'$&$$",
  '${7*7}{{7*7}}',
  '\r\nSet-Cookie: x=1',
  '\u0001\u001f\u007f\u0085',
  '\u2028\u2029',
  '\uFFFD\uFFFF',
  '   padded   ',
  'A'.repeat(201),
  'é'.repeat(1001),
  '🎵'.repeat(5001),
];

/** Numbers past every bound: negative, huge, fractional, beyond 2^53. */
export const NASTY_NUMBERS: readonly number[] = [-1, 0, -0, 0.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1, 1e-308, 86401, 1_000_001, 2 ** 64];

/** Number literals JSON.stringify would never write: infinity by overflow, leading zeros, hex, NaN. */
export const NASTY_NUMBER_LITERALS: readonly string[] = ['1e400', '-1e400', '1E+2', '-0.0', '01', '.5', '1.', '0x10', 'NaN', 'Infinity', '-', '+1'];

/** Text of about `bytes` UTF-8 bytes: ASCII, or emoji (four bytes each). */
export function hugeString(rng: Rng, bytes = MB): string {
  return rng.chance(0.5) ? 'a'.repeat(bytes) : '🎵'.repeat(Math.floor(bytes / 4));
}

/** A path segment as it goes on the wire: broken %-escapes, NUL, dots, latin1 bytes, long ones. */
export function nastyPathSegment(rng: Rng, realId?: string): string {
  const raw = [
    '%00',
    'a%00b',
    '%',
    '%zz',
    '%E2%82',
    '%C0%AF',
    '%FF',
    '%ED%A0%80',
    '%F4%90%80%80',
    '.',
    '..',
    '%2e%2e',
    '..%2f..%2fplatter.db',
    '%2F',
    '%5C',
    'a%20b',
    '%E2%80%AE',
    '%E2%80%8B%E2%80%8B',
    '%F0%9F%8E%B5',
    '%D9%85%D8%B1%D8%AD%D8%A8%D8%A7',
    // Node's client writes these as the single latin1 bytes E9, FF, FE: raw invalid UTF-8.
    'caf\u00e9',
    '\u00ff\u00fe',
    '-1',
    '0',
    '1e308',
    '9007199254740993',
    'NaN',
    'null',
    'undefined',
    '%5Bobject%20Object%5D',
    '',
    'x'.repeat(300),
    'x'.repeat(5000),
  ];
  if (realId && rng.chance(0.4)) {
    return rng.pick([`${realId}%00`, `${realId}x`, realId.toUpperCase(), `%20${realId}`, `${realId}%2F..`, `${realId};`, `${realId}%E2%80%8B`, encodeURIComponent(realId).replace(/./, (c) => `%${c.charCodeAt(0).toString(16)}`)]);
  }
  if (rng.chance(0.3)) return encodeText(rng.pick(NASTY_STRINGS));
  return rng.pick(raw);
}

/** encodeURIComponent, except that lone surrogates become their (invalid) UTF-8 bytes instead of throwing. */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(char);
  }
  return out;
}

/** Query strings (without `?`) as they go on the wire, whatever the operation takes. */
export function nastyQuery(rng: Rng, names: readonly string[]): string {
  const name = names.length > 0 && rng.chance(0.7) ? rng.pick(names) : rng.pick(['q', 'page', 'limit', 'id', '__proto__', 'constructor[prototype][x]']);
  const pairs = [
    `${name}=%`,
    `${name}=%E2%82`,
    `${name}=%C0%AF`,
    `${name}=%00`,
    `${name}=a%00b`,
    `${name}=caf\u00e9`,
    `${name}=a&${name}=b`,
    `${name}[]=1&${name}[]=2`,
    `${name}[a]=1`,
    `${name}`,
    `${name}=`,
    `=${name}`,
    '&&&',
    `${name}=1e308`,
    `${name}=-1`,
    `${name}=NaN`,
    `${name}=9007199254740993`,
    `${name}=0x10`,
    `${name}=${encodeText(rng.pick(NASTY_STRINGS))}`,
    `${name}=${'x'.repeat(10_000)}`,
    `${name}=${encodeText('🎵'.repeat(2000))}`,
    `__proto__[polluted]=1&${name}=1`,
    `${name}=%2B%2B%2B+++`,
  ];
  return rng.pick(pairs);
}

// ---------------------------------------------------------------------------------------------
// Values shaped by a schema: valid ones, and hostile ones in their place.

/** A JSON literal written as is (for numbers JSON.stringify cannot write). */
export class RawJson {
  constructor(readonly text: string) {}
}
export type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json };

/** JSON text of a value that may hold RawJson literals. */
export function toJsonText(value: Json): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  return JSON.stringify(value);
}

function branches(schema: Schema): Schema[] {
  return schema.anyOf ?? schema.oneOf ?? (schema.allOf ? [Object.assign({}, ...schema.allOf) as Schema] : [schema]);
}

function typeOf(schema: Schema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A value the schema accepts (as far as formats and patterns allow), with real ids where the field names a kind. */
export function validValue(schema: Schema, rng: Rng, ids: IdPool, name?: string): Json {
  const kind = name ? KIND_BY_NAME[name] : undefined;
  const real = kind ? ids[kind] : undefined;
  const alternatives = branches(schema);
  if (alternatives.length > 1 || alternatives[0] !== schema) return validValue(rng.pick(alternatives), rng, ids, name);
  if (schema.enum && schema.enum.length > 0) return rng.pick(schema.enum) as Json;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? min + 100, min + 100);
      const n = min + rng.int(Math.max(1, max - min + 1));
      return typeOf(schema) === 'integer' ? n : n + (rng.chance(0.3) ? 0.5 : 0);
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      if (real && real.length > 0) return [...real].sort(() => rng.next() - 0.5);
      const count = Math.max(schema.minItems ?? 0, rng.int(3));
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, rng, ids));
    }
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng.chance(0.6)) out[key] = validValue(child, rng, ids, key);
      }
      return out;
    }
    case 'string':
    default: {
      if (real && real.length > 0 && rng.chance(0.85)) return rng.pick(real);
      if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, 1 + rng.int(300))).toISOString();
      if (schema.format === 'email' || name === 'email') return `fuzz${rng.int(1000)}@example.com`;
      if (name === 'password' || name === 'newPassword' || name === 'currentPassword') return 'fuzz-password-123';
      // Where to go next (callbackURL, redirectTo): a path of this site, as the web app sends.
      if (/(url|redirectTo)$/i.test(name ?? '')) return rng.pick(['/', '/home', '/auth/done', '/track/x?y=1']);
      const text = rng.pick(['Fuzzed text', 'Hello', 'Beat tape 2', 'x', 'A longer sentence, with punctuation.']);
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 200;
      return text.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, text.length)));
    }
  }
}

/** A value of another type than the schema's, or past its bounds, or hostile text. */
export function hostileValue(schema: Schema, rng: Rng, ids: IdPool): Json {
  const type = typeOf(branches(schema)[0] ?? schema);
  const roll = rng.int(10);
  if (roll < 3) {
    // The wrong type altogether.
    const wrong: Json[] = [null, true, false, 0, -1, '', 'text', [], [1, 'a', null], {}, { nested: { deeper: [1] } }, new RawJson('1e400')];
    return rng.pick(wrong.filter((w) => typeof w !== type && !(type === 'integer' && typeof w === 'number') && !(type === 'array' && Array.isArray(w))));
  }
  if (roll < 5 && (type === 'integer' || type === 'number')) return rng.chance(0.75) ? rng.pick(NASTY_NUMBERS) : new RawJson(rng.pick(NASTY_NUMBER_LITERALS));
  if (roll < 5 && type === 'array') {
    if (rng.chance(0.5)) return Array.from({ length: 10_001 }, (_, i) => `e${i}`);
    return [rng.pick(NASTY_STRINGS), null, 1, {}, ...(ids.entry ?? []), ...(ids.entry ?? [])];
  }
  if (roll < 5 && type === 'boolean') return rng.pick<Json>(['true', 'false', 1, 0, 'yes', null]);
  if (roll === 5) return hugeString(rng, rng.chance(0.5) ? MB - 200 : 64 * 1024);
  if (roll === 6) return nested(rng.pick([31, 33, 200]));
  return rng.chance(0.8) ? rng.pick(NASTY_STRINGS) : rng.pick(NASTY_NUMBERS);
}

function nested(depth: number): Json {
  let value: Json = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Fields a client should never be able to set: mass-assignment attempts, prototype keys. */
export const EXTRA_FIELDS: Record<string, Json> = {
  isAdmin: true,
  role: 'admin',
  userId: 'someone-else',
  ownerId: 'someone-else',
  id: 'chosen-id',
  status: 'premium',
  hidden: false,
  createdAt: '1970-01-01T00:00:00Z',
  likeCount: 1e9,
  constructor: { prototype: { polluted: true } },
};

// ---------------------------------------------------------------------------------------------
// Request bodies as bytes: malformed JSON, foreign charsets, other content types.

export interface Body {
  contentType?: string;
  bytes: Buffer;
  note: string;
}

/** JSON bodies no parser should accept, or should accept with care. */
export function malformedJsonBody(rng: Rng, valid: Json): Body {
  const text = toJsonText(valid);
  const options: Array<() => Body> = [
    () => ({ bytes: Buffer.from(text.slice(0, Math.max(1, text.length - 2))), note: 'truncated JSON' }),
    () => ({ bytes: Buffer.from('{"a":}'), note: 'malformed JSON' }),
    () => ({ bytes: Buffer.from(`${text.replace(/}$/, ',}')}`), note: 'trailing comma' }),
    () => ({ bytes: Buffer.from(text.replace(/"/g, "'")), note: 'single quotes' }),
    () => ({ bytes: Buffer.from(`\uFEFF${text}`), note: 'BOM before JSON' }),
    () => ({ bytes: Buffer.from(''), note: 'empty body' }),
    () => ({ bytes: Buffer.from('   \n'), note: 'whitespace body' }),
    () => ({ bytes: Buffer.from('null'), note: 'null body' }),
    () => ({ bytes: Buffer.from(`${text}${text}`), note: 'two JSON values' }),
    () => ({ bytes: Buffer.from('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'), note: '__proto__ keys' }),
    () => ({ bytes: Buffer.from(`{"a":1,${text.slice(1)}`.replace(/^{"a":1,}$/, '{"a":1}')), note: 'extra leading field' }),
    () => ({ bytes: Buffer.from('['.repeat(20_000) + ']'.repeat(20_000)), note: 'arrays nested 20000 deep' }),
    () => ({ bytes: Buffer.from('{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)), note: 'objects nested 5000 deep' }),
    () => ({ bytes: Buffer.from(`[${'{"a":['.repeat(16)}1${']}'.repeat(16)}]`), note: 'nested 33 deep' }),
    () => {
      // Raw bytes that are not UTF-8 inside a JSON string: a lone continuation, an overlong slash, FF FE.
      const bad = rng.pick([Buffer.from([0x80]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xff, 0xfe]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xe2, 0x82])]);
      return { bytes: Buffer.concat([Buffer.from('{"text":"a'), bad, Buffer.from('b","name":"'), bad, Buffer.from('","title":"x'), bad, Buffer.from('"}')]), note: 'invalid UTF-8 bytes in strings' };
    },
    () => ({ bytes: Buffer.from(`{"x":"${'\\u0000'.repeat(3)}","text":"\\ud800"}`), note: 'escaped NUL and lone surrogate' }),
    () => ({ bytes: Buffer.from(`{"n":1e400,"position":-1e400,"fileSize":1e400}`), note: 'numbers that overflow to Infinity' }),
    () => ({ bytes: Buffer.from(`{"text":"${'a'.repeat(MB + 10)}"}`), note: 'JSON over the 1 MB body limit' }),
  ];
  return { contentType: 'application/json', ...rng.pick(options)() };
}

/** A JSON value sent as something else: foreign charsets, text, forms, multipart, XML, no type. */
export function foreignBody(rng: Rng, value: Json): Body {
  const text = toJsonText(value);
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson) ? value : { value };
  const form = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : toJsonText(v)])).toString();
  const boundary = '----fuzz7MA4YWxk';
  const multipart = `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : toJsonText(v)}\r\n`)
    .join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\nContent-Type: audio/mpeg\r\n\r\nID3\u0004\0\0\0\0\0\0\r\n--${boundary}--\r\n`;
  const options: Body[] = [
    { contentType: 'application/json; charset=utf-16', bytes: Buffer.from(text, 'utf16le'), note: 'UTF-16 JSON' },
    { contentType: 'application/json; charset=UTF-16LE', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), note: 'UTF-16LE JSON with BOM' },
    { contentType: 'application/json; charset=iso-8859-1', bytes: Buffer.from(text, 'latin1'), note: 'latin1 JSON' },
    { contentType: 'application/json; charset=', bytes: Buffer.from(text), note: 'empty charset' },
    { contentType: 'application/json; charset="utf-8"', bytes: Buffer.from(text), note: 'quoted charset' },
    { contentType: 'application/json;;; charset=utf-8;', bytes: Buffer.from(text), note: 'odd parameters' },
    { contentType: 'APPLICATION/JSON', bytes: Buffer.from(text), note: 'upper-case type' },
    { contentType: 'application/vnd.api+json', bytes: Buffer.from(text), note: 'vendor JSON type' },
    { contentType: 'text/plain', bytes: Buffer.from(text), note: 'JSON as text/plain' },
    { contentType: 'text/plain; charset=utf-16', bytes: Buffer.from(text, 'utf16le'), note: 'UTF-16 text/plain' },
    { contentType: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.from(multipart), note: 'multipart form' },
    { contentType: 'multipart/form-data', bytes: Buffer.from(multipart), note: 'multipart without boundary' },
    { contentType: 'application/x-www-form-urlencoded', bytes: Buffer.from(form), note: 'urlencoded form' },
    { contentType: 'application/x-www-form-urlencoded; charset=utf-16', bytes: Buffer.from(form, 'utf16le'), note: 'UTF-16 form' },
    { contentType: 'application/xml', bytes: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'), note: 'XML with an entity' },
    { contentType: 'application/octet-stream', bytes: Buffer.from(text), note: 'octet-stream' },
    { contentType: undefined, bytes: Buffer.from(text), note: 'no content type' },
    { contentType: '', bytes: Buffer.from(text), note: 'empty content type' },
    { contentType: 'garbage', bytes: Buffer.from(text), note: 'content type garbage' },
    { contentType: 'application/json', bytes: Buffer.from(text.replace(/"/, '\u00e9"'), 'latin1'), note: 'latin1 bytes labelled UTF-8' },
  ];
  return rng.pick(options);
}

/** Real files, so that file routes sometimes get one they take (and then its cut or mislabelled forms). */
export interface SampleFiles {
  png: Buffer;
  mp3: Buffer;
}

/** Bodies for operations the document gives no JSON body (file uploads, bodiless actions). */
export function fileBody(rng: Rng, samples: SampleFiles): Body {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const options: Body[] = [
    { contentType: 'image/png', bytes: samples.png, note: 'a real PNG' },
    { contentType: 'audio/mpeg', bytes: samples.mp3, note: 'a real MP3' },
    { contentType: 'image/png', bytes: samples.png.subarray(0, Math.floor(samples.png.length / 2)), note: 'half a PNG' },
    { contentType: 'audio/mpeg', bytes: samples.mp3.subarray(0, Math.floor(samples.mp3.length / 2)), note: 'half an MP3' },
    { contentType: 'image/png', bytes: samples.mp3, note: 'an MP3 labelled PNG' },
    { contentType: 'audio/mpeg', bytes: samples.png, note: 'a PNG labelled MP3' },
    { contentType: 'image/png', bytes: Buffer.concat([png, Buffer.alloc(64, 0xff)]), note: 'PNG magic then garbage' },
    { contentType: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]), note: 'truncated JPEG' },
    { contentType: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), note: 'SVG with script' },
    { contentType: 'audio/mpeg', bytes: Buffer.from('ID3\u0004\0\0\0\0\0\u0010<html>not audio</html>'), note: 'ID3 header then HTML' },
    { contentType: 'audio/mpeg', bytes: Buffer.alloc(0), note: 'empty audio' },
    { contentType: 'application/octet-stream', bytes: Buffer.alloc(MB + 1, 0), note: 'one MB of zeros' },
    { contentType: 'image/png', bytes: Buffer.from('\0\0\0\0'), note: 'NUL bytes as PNG' },
    { contentType: 'application/json', bytes: Buffer.from('{"a":1}'), note: 'JSON where a file goes' },
    { contentType: 'text/plain; charset=utf-16', bytes: Buffer.from('hello', 'utf16le'), note: 'UTF-16 text' },
    { contentType: undefined, bytes: Buffer.from([0xc0, 0xaf, 0xff, 0xfe, 0x00]), note: 'raw bytes, no type' },
  ];
  return rng.pick(options);
}

// ---------------------------------------------------------------------------------------------
// Requests over raw node:http (fetch would normalise paths and escapes), answers, and the rule.

export interface FuzzRequest {
  method: string;
  /** The path and query exactly as written on the wire. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What this request tries, for people reading a failure. */
  note: string;
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** The connection failed without an answer (a crash, a reset). */
  error?: string;
}

/** Bodies of answers are read up to this; past it (media, downloads) the rest is not needed. */
const MAX_ANSWER_BYTES = 256 * 1024;
/**
 * Headers of answers may be long: a redirect may carry what it was sent (better-auth's form_post
 * callback puts the POSTed fields, 1 MB ones too, in its Location), and Node's 16 KB default would
 * make that a failure of the client rather than an answer to judge.
 */
const MAX_ANSWER_HEADER_BYTES = 4 * MB;

/**
 * Sends one request as is. `localAddress` picks the loopback address it comes from (any of
 * 127.0.0.0/8 on Linux), so per-address rate limits count the fuzzer's requests apart.
 */
export function sendRaw(baseUrl: string, request: FuzzRequest, localAddress?: string, timeoutMs = 60_000): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: FuzzAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(request.body.length);
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent: false, localAddress, maxHeaderSize: MAX_ANSWER_HEADER_BYTES }, (incoming) => {
        const contentType = String(incoming.headers['content-type'] ?? '');
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => finish({ status: incoming.statusCode ?? 0, contentType, body: Buffer.concat(chunks) });
        // An event stream never ends by itself: its status and type are the answer.
        if (contentType.startsWith('text/event-stream')) {
          done();
          incoming.destroy();
          return;
        }
        incoming.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            done();
            incoming.destroy();
          }
        });
        incoming.on('end', done);
        incoming.on('error', done);
        incoming.on('close', done);
      });
    } catch (error) {
      finish({ status: 0, contentType: '', body: Buffer.alloc(0), error: `the client could not send it: ${(error as Error).message}` });
      return;
    }
    outgoing.setTimeout(timeoutMs, () => {
      finish({ status: 0, contentType: '', body: Buffer.alloc(0), error: `no answer within ${timeoutMs / 1000} s` });
      outgoing.destroy();
    });
    // A server may answer (413) and close before a large body is all written: the answer counts.
    outgoing.on('error', (error) => finish({ status: 0, contentType: '', body: Buffer.alloc(0), error: `connection failed: ${error.message}` }));
    outgoing.end(request.body);
  });
}

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * What is wrong with an answer, or undefined: any 5xx; a 4xx that is not JSON `{ error, message }`
 * (unless the document declares another content type for that status of the operation); no answer.
 */
export function answerProblem(operation: Operation, request: FuzzRequest, answer: FuzzAnswer): string | undefined {
  if (answer.error) return answer.error;
  // A 501 the operation documents is an answer, not a failure (oEmbed's for a format it does not offer).
  const documented501 = answer.status === 501 && operation.responseTypes['501'] !== undefined;
  if (answer.status >= 500 && !documented501) return `answered ${answer.status}`;
  if (answer.status < 400) return undefined;
  const declared = operation.responseTypes[String(answer.status)] ?? operation.responseTypes[`${String(answer.status)[0]}XX`] ?? operation.responseTypes.default ?? [];
  const mayBeOther = declared.some((type) => !JSON_TYPE.test(type));
  if (!JSON_TYPE.test(answer.contentType)) return mayBeOther ? undefined : `answered ${answer.status} as ${answer.contentType || 'no content type'}, not JSON`;
  // A HEAD answer has the headers of the GET and no body.
  if (request.method === 'HEAD') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return `answered ${answer.status} with JSON that does not parse`;
  }
  const shaped = body !== null && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' && typeof (body as { message?: unknown }).message === 'string';
  if (!shaped || (body as { message: string }).message.length === 0) return `answered ${answer.status} without the { error, message } shape`;
  return undefined;
}

/** A request and its answer as a person reads them: long bodies cut, bytes that are not text shown as escapes. */
export function describeExchange(role: string, request: FuzzRequest, answer: FuzzAnswer): string {
  const show = (bytes: Buffer, limit: number) => {
    const text = bytes.toString('utf8');
    const cut = text.length > limit ? `${text.slice(0, limit)}… (${bytes.length} bytes)` : text;
    const invalid = !Buffer.from(text, 'utf8').equals(bytes) ? ' [not valid UTF-8]' : '';
    return `${JSON.stringify(cut)}${invalid}`;
  };
  const shownPath = request.path.length > 800 ? `${request.path.slice(0, 800)}… (${request.path.length} chars)` : request.path;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'cookie')
    .map(([name, value]) => `${name}: ${value.length > 120 ? `${value.slice(0, 120)}…` : value}`)
    .join('; ');
  return [
    `${request.method} ${JSON.stringify(shownPath).slice(1, -1)} as ${role} (${request.note})`,
    `    headers: ${headers || 'none'}`,
    ...(request.body ? [`    body: ${show(request.body, 300)}`] : []),
    `    → ${answer.error ?? `${answer.status} ${answer.contentType} ${show(answer.body, 400)}`}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// A test app whose logs are kept, so an error logged without a 5xx is seen too.

export interface LogLine {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

/** pino's level for `error`; `fatal` is above it. */
export const ERROR_LEVEL = 50;

/** startTestApp (support/test-app.ts) with Fastify's logger on at `warn`, its lines kept in `logs`. */
export async function startLoggedTestApp(env: Record<string, string> = {}): Promise<TestApp & { logs: LogLine[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-fuzz-'));
  const pgDb = dialect === 'postgres' ? await freshPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: TEST_SECRET,
    PLATTER_DEMO: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const logs: LogLine[] = [];
  const stream = {
    write(line: string) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: ERROR_LEVEL, msg: `unparsable log line: ${line}` });
      }
    },
  };
  const context = await createContext(config);
  const app = await buildApp(context, { logger: { level: 'warn', stream } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    context,
    config,
    logs,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await context.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One fuzzed request for an operation.

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Headers a browser would not send, or would send differently. */
function oddHeaders(rng: Rng): { headers: Record<string, string>; note: string } {
  return rng.pick<{ headers: Record<string, string>; note: string }>([
    { headers: { accept: 'text/html' }, note: 'Accept: text/html' },
    { headers: { accept: 'application/xml;q=1, */*;q=0' }, note: 'Accept: XML only' },
    { headers: { accept: 'text/event-stream' }, note: 'Accept: text/event-stream' },
    { headers: { range: 'bytes=abc-' }, note: 'malformed Range' },
    { headers: { range: 'bytes=999999999999-' }, note: 'Range past the end' },
    { headers: { 'if-none-match': '*', 'if-modified-since': 'yesterday' }, note: 'odd conditionals' },
    { headers: { cookie: 'better-auth.session_token=forged.c2lnbmF0dXJl' }, note: 'forged session cookie' },
    { headers: { cookie: `better-auth.session_token=${'x'.repeat(4000)}` }, note: 'long garbage cookie' },
    { headers: { host: 'evil.example' }, note: 'foreign Host' },
    { headers: { host: '[::1' }, note: 'malformed Host' },
    { headers: { 'x-forwarded-for': '1.2.3.4, <script>', 'x-forwarded-host': 'evil.example' }, note: 'forwarding headers' },
    { headers: { 'x-fuzz': 'x'.repeat(20_000) }, note: 'headers past 16 KB' },
    { headers: { 'accept-encoding': 'br;q=2, gzip;q=-1, *;q=NaN' }, note: 'odd Accept-Encoding' },
  ]);
}

/**
 * A request for `operation` with one or two things wrong (sometimes none): path parameters,
 * query, body fields, the body as a whole, its encoding or type, or its headers. Path parameters
 * are real ids of `ids` most of the time, so that requests get past "not found".
 */
export function makeRequest(operation: Operation, rng: Rng, ids: IdPool, samples: SampleFiles, origin: string | undefined): FuzzRequest {
  const notes: string[] = [];
  const pathValues = new Map<string, string>();
  for (const param of operation.pathParams) {
    const real = ids[pathParamKind(operation.path, param.name) ?? ('' as IdKind)];
    const value = real && real.length > 0 && rng.chance(0.85) ? rng.pick(real) : String(validValue(param.schema, rng, ids, param.name));
    pathValues.set(param.name, encodeText(value));
  }
  const query = new Map<string, string>();
  for (const param of operation.queryParams) {
    if (param.required || rng.chance(0.4)) query.set(param.name, encodeText(String(toJsonText(validValue(param.schema, rng, ids, param.name))).replace(/^"|"$/g, '')));
  }
  let rawQuery: string | undefined;
  let value: Json | undefined = operation.body ? validValue(operation.body, rng, ids) : undefined;
  let body: Body | undefined;
  const headers: Record<string, string> = {};

  const mutations: Array<[number, () => void]> = [];
  if (operation.pathParams.length > 0) {
    mutations.push([3, () => {
      const param = rng.pick(operation.pathParams);
      const real = ids[pathParamKind(operation.path, param.name) ?? ('' as IdKind)];
      pathValues.set(param.name, rng.chance(0.03) ? 'x'.repeat(MB) : nastyPathSegment(rng, real && real.length > 0 ? rng.pick(real) : undefined));
      notes.push(`path parameter ${param.name}`);
    }]);
  }
  if (operation.queryParams.length > 0) {
    mutations.push([2, () => {
      const param = rng.pick(operation.queryParams);
      const hostile = hostileValue(param.schema, rng, ids);
      query.set(param.name, encodeText(typeof hostile === 'string' ? hostile : toJsonText(hostile)));
      notes.push(`query ${param.name}`);
    }]);
  }
  mutations.push([operation.queryParams.length > 0 ? 2 : 1, () => {
    rawQuery = rng.chance(0.02) ? `q=${'x'.repeat(MB)}` : nastyQuery(rng, operation.queryParams.map((p) => p.name));
    notes.push('raw query');
  }]);
  if (operation.body) {
    const schema = operation.body;
    const properties = Object.entries(schema.properties ?? {});
    mutations.push([4, () => {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson || properties.length === 0) {
        value = hostileValue(schema, rng, ids);
        notes.push('body');
        return;
      }
      const [key, child] = rng.pick(properties);
      value[key] = hostileValue(child, rng, ids);
      notes.push(`field ${key}`);
    }]);
    mutations.push([1, () => {
      const strings = properties.filter(([, child]) => typeOf(branches(child)[0] ?? child) === 'string');
      if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson || strings.length === 0) return;
      const [key] = rng.pick(strings);
      value[key] = hugeString(rng, MB - 400);
      notes.push(`1 MB field ${key}`);
    }]);
    mutations.push([1, () => {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson) return;
      const required = schema.required ?? [];
      if (required.length > 0 && rng.chance(0.6)) delete value[rng.pick(required)];
      else value = {};
      notes.push('missing fields');
    }]);
    mutations.push([1, () => {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson) return;
      for (let i = 0; i < 1 + rng.int(3); i++) {
        const [key, extra] = rng.pick(Object.entries(EXTRA_FIELDS));
        value[key] = extra;
      }
      if (rng.chance(0.3)) value[rng.pick(['\u202Ekey', '🎵', 'k'.repeat(10_000), '', ' '])] = 'extra';
      notes.push('extra fields');
    }]);
    mutations.push([1, () => {
      value = rng.pick<Json>([[], [value ?? null], 'text', 42, null, true, new RawJson('1e400')]);
      notes.push('whole body of another type');
    }]);
    mutations.push([2, () => {
      body = malformedJsonBody(rng, value ?? {});
      notes.push(body.note);
    }]);
    mutations.push([2, () => {
      body = foreignBody(rng, value ?? {});
      notes.push(body.note);
    }]);
  } else if (BODY_METHODS.has(operation.method)) {
    mutations.push([3, () => {
      body = rng.chance(0.7) ? fileBody(rng, samples) : rng.chance(0.5) ? malformedJsonBody(rng, { a: 1 }) : foreignBody(rng, { a: 'b' });
      notes.push(body.note);
    }]);
  } else {
    mutations.push([0.3, () => {
      body = rng.chance(0.5) ? malformedJsonBody(rng, { a: 1 }) : foreignBody(rng, { q: 'x' });
      notes.push(`${operation.method} with a body: ${body.note}`);
    }]);
  }
  mutations.push([1, () => {
    const odd = oddHeaders(rng);
    Object.assign(headers, odd.headers);
    notes.push(odd.note);
  }]);

  const total = mutations.reduce((sum, [weight]) => sum + weight, 0);
  const count = rng.chance(0.08) ? 0 : rng.chance(0.7) ? 1 : 2;
  for (let i = 0; i < count; i++) {
    let roll = rng.next() * total;
    for (const [weight, mutate] of mutations) {
      roll -= weight;
      if (roll < 0) {
        mutate();
        break;
      }
    }
  }
  if (notes.length === 0) notes.push('valid input');

  const pathPart = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => pathValues.get(name) ?? '');
  const queryPart = [...[...query].map(([k, v]) => `${encodeURIComponent(k)}=${v}`), ...(rawQuery !== undefined ? [rawQuery] : [])].join('&');
  if (body === undefined && value !== undefined) body = { contentType: 'application/json', bytes: Buffer.from(toJsonText(value)), note: '' };
  const allHeaders: Record<string, string> = {};
  if (origin !== undefined) allHeaders.origin = origin;
  if (body?.contentType !== undefined) allHeaders['content-type'] = body.contentType;
  Object.assign(allHeaders, headers);
  return { method: operation.method, path: queryPart ? `${pathPart}?${queryPart}` : pathPart, headers: allHeaders, body: body?.bytes, note: notes.join(', ') };
}
