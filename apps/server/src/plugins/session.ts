import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionLookup, SessionUser } from '../auth/session-lookup.js';
import type { Actor } from '../lib/actor.js';
import { UnauthorizedError } from '../lib/errors.js';

export type { SessionUser } from '../auth/session-lookup.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or undefined; looked up once per request. */
    currentUser(): Promise<SessionUser | undefined>;
    /** The signed-in user, or a 401. */
    requireUser(): Promise<SessionUser>;
    /** Who is asking, with their role, or undefined when signed out: what services check permissions against. */
    currentActor(): Promise<Actor | undefined>;
    /** The signed-in actor, or a 401. */
    requireActor(): Promise<Actor>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | undefined>>();

export const sessionPlugin = fp(
  async (app: FastifyInstance, { sessions, isAdminEmail }: { sessions: SessionLookup; isAdminEmail: (email: string) => boolean }) => {
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = sessions.user(this.headers);
        cache.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      const user = await this.currentUser();
      if (!user) throw new UnauthorizedError();
      return user;
    });
    app.decorateRequest('currentActor', async function (this: FastifyRequest) {
      const user = await this.currentUser();
      return user ? { id: user.id, isAdmin: user.admin === true || isAdminEmail(user.email) } : undefined;
    });
    app.decorateRequest('requireActor', async function (this: FastifyRequest) {
      const user = await this.requireUser();
      return { id: user.id, isAdmin: user.admin === true || isAdminEmail(user.email) };
    });
  },
  { name: 'platter-session' },
);
