import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError, RangeNotSatisfiableError } from '../lib/errors.js';

function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
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
        return reply.status(400).send({ error: 'validation_failed', message: describeIssues(issues) });
      }
      if (error instanceof ZodError) {
        return reply.status(400).send({ error: 'validation_failed', message: describeIssues(error.issues) });
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
