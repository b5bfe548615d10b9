import type { FastifyRequest } from 'fastify';

/** A route's rate limit per client address: `max` requests a minute. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** A route's rate limit per signed-in user (many listeners may share one address), per address when signed out. */
export const perUserPerMinute = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: async (request: FastifyRequest) => (await request.currentUser())?.id ?? request.ip },
});
