import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.js';

/**
 * Hands /api/auth/* to better-auth as a Fetch Request and copies its Response back.
 * Bodies are re-serialised from what Fastify parsed (JSON or form posts of OAuth callbacks).
 */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    async handler(request, reply) {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      let body: string | undefined;
      if (request.method !== 'GET' && request.body !== undefined && request.body !== null) {
        const type = request.headers['content-type'] ?? '';
        body = type.includes('application/x-www-form-urlencoded')
          ? new URLSearchParams(request.body as Record<string, string>).toString()
          : JSON.stringify(request.body);
      }
      const response = await auth.handler(new Request(url, { method: request.method, headers, body }));
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
