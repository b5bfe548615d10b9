import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionLookup, SessionUser } from '../auth/session-lookup.js';
import type { Actor } from '../lib/actor.js';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';

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
const actors = new WeakMap<FastifyRequest, Promise<Actor | undefined>>();

/** The 403 of an admin held back by REQUIRE_ADMIN_2FA: what to do about it, in words. */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Admin actions need a second factor on this server. Add an authenticator app or a passkey in Settings → Account, then try again.';

export interface SessionPluginOptions {
  sessions: SessionLookup;
  isAdminEmail: (email: string) => boolean;
  /** REQUIRE_ADMIN_2FA: whether this admin has no second factor while one is required (then they act as a plain user). */
  adminLacksSecondFactor?: (user: SessionUser) => Promise<boolean>;
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, { sessions, isAdminEmail, adminLacksSecondFactor = async () => false }: SessionPluginOptions) => {
    // An admin by ADMIN_EMAILS or made one in the app (profiles.is_admin).
    const isAdmin = (user: SessionUser) => user.admin === true || isAdminEmail(user.email);
    const actorOf = async (user: SessionUser): Promise<Actor> => ({ id: user.id, isAdmin: isAdmin(user) && !(await adminLacksSecondFactor(user)) });
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
    app.decorateRequest('currentActor', function (this: FastifyRequest) {
      let pending = actors.get(this);
      if (!pending) {
        pending = this.currentUser().then((user) => (user ? actorOf(user) : undefined));
        actors.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('requireActor', async function (this: FastifyRequest) {
      const actor = await this.currentActor();
      if (!actor) throw new UnauthorizedError();
      return actor;
    });
    // An admin route asked by an admin whom REQUIRE_ADMIN_2FA holds back: a 403 saying what to do,
    // before the route (which would only say "admins only", since such an actor is no admin).
    app.addHook('onRequest', async (request) => {
      if ((request.routeOptions.config as { access?: string } | undefined)?.access !== 'admin') return;
      const user = await request.currentUser();
      if (user && isAdmin(user) && (await adminLacksSecondFactor(user))) throw new ForbiddenError(SECOND_FACTOR_REQUIRED_MESSAGE, 'second_factor_required');
    });
  },
  { name: 'platter-session' },
);
