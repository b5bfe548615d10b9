import {
  emailDigestSettingsSchema,
  errorSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateEmailDigestSettingsSchema,
} from '@platter/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { PublicOrigin } from '../lib/public-origin.js';
import { mailLocale } from '../mail/templates.js';
import { perUserPerMinute } from './rate-limit.js';

/**
 * Notification emails: which kinds come in the daily digest (signed in), and the digest's
 * one-click unsubscribe (signed out, proven by the link's signature): POST is RFC 8058's
 * one-click (a mail client sends `List-Unsubscribe=One-Click` as a form), GET (a person opening
 * the link) goes to the web page that asks before unsubscribing.
 */
export async function emailRoutes(base: FastifyInstance, { services, publicOrigin }: Pick<AppContext, 'services'> & { publicOrigin: PublicOrigin }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { emailDigests } = services;

  // The one-click body is a form; its content is not needed (the link says who), only accepted.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  app.get(
    '/api/notifications/email',
    { config: { access: 'signedIn' }, schema: { tags: ['notifications'], summary: 'Which kinds of notification come in my daily email digest', response: { 200: emailDigestSettingsSchema, 401: errorSchema } } },
    async (request) => emailDigests.settings((await request.requireActor()).id),
  );

  app.put(
    '/api/notifications/email',
    {
      config: { ...perUserPerMinute(30), access: 'signedIn' },
      schema: {
        tags: ['notifications'],
        summary: 'Turns kinds of notification in my daily email digest on or off (at most one email a day)',
        body: updateEmailDigestSettingsSchema,
        response: { 200: emailDigestSettingsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const actor = await request.requireActor();
      const locale = mailLocale({ stored: request.body.language, acceptLanguage: request.headers['accept-language'] });
      return emailDigests.updateSettings(actor.id, request.body, { origin: publicOrigin.of(request), locale });
    },
  );

  app.post(
    '/api/email/unsubscribe',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['notifications'],
        summary: "One-click unsubscribe from an email's List-Unsubscribe link (RFC 8058): every notification email off, no sign-in needed",
        querystring: unsubscribeQuerySchema,
        body: z.object({ 'List-Unsubscribe': z.string().max(100).optional() }).nullish(),
        response: { 200: unsubscribeResultSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => emailDigests.unsubscribe(request.query),
  );

  app.get(
    '/api/email/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['notifications'],
        summary: 'An unsubscribe link opened in a browser: redirects to the page that asks before unsubscribing',
        querystring: unsubscribeQuerySchema,
        response: { 303: z.null(), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { u, sig } = request.query;
      return reply.redirect(`/unsubscribe?u=${encodeURIComponent(u)}&sig=${encodeURIComponent(sig)}`, 303);
    },
  );
}
