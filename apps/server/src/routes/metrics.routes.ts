import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@platter/shared';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics/metrics.js';

type MetricsConfig = Config['metrics'];

/** Whether an Authorization header carries the token (`Bearer <token>`), compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What GET /metrics answers on a port: the series, a 401 without the token, or a 404 saying how to turn metrics on. */
export async function scrape(metrics: Metrics, config: MetricsConfig, authorization: string | undefined, onMetricsPort: boolean): Promise<{ status: 200 | 401 | 404; contentType: string; body: string }> {
  const json = (status: 401 | 404, error: string, message: string) => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error, message }) });
  if (config.token !== undefined) {
    if (!bearerMatches(authorization, config.token)) {
      return json(401, 'metrics_token_required', 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>" (the scrape config\'s authorization.credentials).');
    }
  } else if (!onMetricsPort) {
    const message =
      config.port !== undefined
        ? `Metrics are served on their own port (METRICS_PORT=${config.port} on ${config.host}), not here. Set METRICS_TOKEN to serve them here too.`
        : 'Metrics are off. Set METRICS_TOKEN (scraped here with Authorization: Bearer <token>) or METRICS_PORT (a listener of its own, on METRICS_HOST, 127.0.0.1 by default) to turn them on.';
    return json(404, 'metrics_off', message);
  }
  const { contentType, body } = await metrics.text();
  return { status: 200, contentType, body };
}

/** GET /metrics on the public port: Prometheus's text format, behind METRICS_TOKEN (docs/metrics.md). */
export async function metricsRoutes(base: FastifyInstance, { metrics, config }: { metrics: Metrics; config: Config }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: "Prometheus metrics in the text format: with METRICS_TOKEN set, for 'Authorization: Bearer <token>' only; a 404 when metrics are off here",
        response: { 200: z.string(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const answer = await scrape(metrics, config.metrics, request.headers.authorization, false);
      return reply.status(answer.status).header('content-type', answer.contentType).header('cache-control', 'no-store').send(answer.body);
    },
  );
}

/**
 * METRICS_PORT: /metrics on a listener of its own (METRICS_HOST, loopback by default), so the
 * series need not be reachable from the public port. Anything else there is a 404.
 */
export async function startMetricsListener(metrics: Metrics, config: MetricsConfig): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://metrics.invalid');
    if (request.method !== 'GET' || url.pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'not_found', message: 'Only GET /metrics is served on this port.' }));
      return;
    }
    scrape(metrics, config, request.headers.authorization, true).then(
      (answer) => response.writeHead(answer.status, { 'content-type': answer.contentType, 'cache-control': 'no-store' }).end(answer.body),
      () => response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'internal', message: 'The metrics could not be collected.' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port ?? 0, config.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
