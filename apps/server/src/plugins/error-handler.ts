import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError, RangeNotSatisfiableError } from '../lib/errors.js';

type Issue = { path: PropertyKey[]; message: string };

/** zod's own wording ("Invalid input: expected string…") says nothing of which field: those get a label. */
const GENERIC_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized)/;

/** 'playedAt' → 'Played at', for messages that need a field label. */
function fieldLabel(path: PropertyKey[]): string {
  const last = String(path.filter((p) => typeof p !== 'number').at(-1) ?? path.at(-1) ?? '');
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A validation failure as people read it: our schemas' messages alone ("Enter a valid email address"),
 * zod's generic ones behind a human label ("Title: Invalid input…"), and the first failing field's
 * path apart in `field`, so a form can point at it.
 */
export function describeIssues(issues: ReadonlyArray<Issue>): { message: string; field?: string } {
  const messages = issues.map((i) => (i.path.length > 0 && GENERIC_MESSAGE.test(i.message) ? `${fieldLabel(i.path)}: ${i.message}` : i.message));
  const first = issues.find((i) => i.path.length > 0);
  const message = [...new Set(messages)].join('; ') || 'The request is invalid.';
  return first ? { message, field: first.path.map(String).join('.') } : { message };
}

/**
 * The one place errors become HTTP. Bad input is a 4xx with a message a person can act on;
 * anything unexpected is logged with its request and answered with a generic 500.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof DomainError) {
        if (error instanceof RangeNotSatisfiableError) reply.header('Content-Range', `bytes */${error.size}`).header('Cache-Control', 'no-store');
        return reply.status(error.status).send({ error: error.code, message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          path: (v.instancePath || '').split('/').filter(Boolean),
          message: v.message ?? 'is invalid',
        }));
        return reply.status(400).send({ error: 'validation_failed', ...describeIssues(issues) });
      }
      if (error instanceof ZodError) {
        return reply.status(400).send({ error: 'validation_failed', ...describeIssues(error.issues) });
      }
      // The client went away mid-request (a cancelled upload, a closed tab): nothing to answer, nothing broken.
      if (request.raw.destroyed && (error.code === 'ECONNRESET' || error.message === 'aborted')) {
        request.log.info({ url: request.url }, 'client aborted the request');
        return reply.status(400).send({ error: 'aborted', message: 'The request was cancelled before it completed.' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (status === 429) return reply.status(429).send({ error: 'rate_limited', message: error.message });
        return reply.status(status).send({ error: (error.code ?? 'bad_request').toLowerCase(), message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
    });
  },
  { name: 'platter-error-handler' },
);
