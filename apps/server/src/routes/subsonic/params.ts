import type { FastifyReply, FastifyRequest } from 'fastify';
import { SubsonicError, type SubsonicUser } from '../../services/subsonic-credential.service.js';
import type { SubsonicFormat, SubsonicObject } from './response.js';

export type Params = Record<string, string | string[] | undefined>;

/** The request's parameters: the query string, and a form body (OpenSubsonic formPost) on top. */
export class RequestParams {
  constructor(private readonly values: Params) {}

  all(name: string): string[] {
    const value = this.values[name];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  }

  get(name: string): string | undefined {
    return this.all(name)[0];
  }

  required(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') throw new SubsonicError(10, `Required parameter is missing: ${name}.`);
    return value;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const text = this.get(name);
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) throw new SubsonicError(0, `Parameter ${name} must be a whole number from ${min} to ${max}.`);
    return value;
  }

  optionalInt(name: string, min: number, max: number): number | undefined {
    return this.get(name) === undefined ? undefined : this.int(name, 0, min, max);
  }

  bool(name: string): boolean | undefined {
    const text = this.get(name);
    if (text === undefined || text === '') return undefined;
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw new SubsonicError(0, `Parameter ${name} must be true or false.`);
  }

  format(): SubsonicFormat {
    const f = this.get('f');
    return f === 'json' ? 'json' : 'xml';
  }
}

/** What a media handler returns once it has answered with the file itself. */
export const SENT = Symbol('sent');
export type Handler = (user: SubsonicUser, params: RequestParams, request: FastifyRequest, reply: FastifyReply) => Promise<SubsonicObject | typeof SENT>;

/** NUL and broken text are refused before any lookup (PostgreSQL refuses NUL in text). */
export function checkText(params: Params): void {
  for (const value of Object.values(params)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text === 'string' && (text.includes('\0') || text.length > 10_000)) throw new SubsonicError(0, 'A parameter contains a NUL character or is longer than 10,000 characters.');
    }
  }
}

/** The methods of one area of the API, by name. */
export type Handlers = Record<string, Handler>;
