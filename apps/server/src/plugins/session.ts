import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Auth } from '../auth/auth.js';
import { UnauthorizedError } from '../lib/errors.js';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or undefined; looked up once per request. */
    currentUser(): Promise<SessionUser | undefined>;
    /** The signed-in user, or a 401. */
    requireUser(): Promise<SessionUser>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>();

export const sessionPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: Auth }) => {
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = auth.api
          .getSession({ headers: fromNodeHeaders(this.headers) })
          .then((s) => (s ? { id: s.user.id, email: s.user.email, name: s.user.name } : undefined));
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      const user = await this.currentUser();
      if (!user) throw new UnauthorizedError();
      return user;
    });
  },
  { name: 'platter-session' },
);
