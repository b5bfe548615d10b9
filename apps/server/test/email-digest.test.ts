import fs from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsubscribeSigner } from '../src/lib/unsubscribe-signer.js';
import { EmailDigestService } from '../src/services/email-digest.service.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

type Settings = { follow: boolean; comment: boolean; reply: boolean; release: boolean };
const DAY_MS = 24 * 60 * 60_000;

/** Every message the embedded mailer wrote under DATA_DIR/mail so far, parsed as a mail program would. */
async function mailbox(t: TestApp): Promise<ParsedMail[]> {
  const dir = path.join(t.config.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map((name) => simpleParser(fs.readFileSync(path.join(dir, name)))));
}

/** A header as it was written (mailparser turns List-* headers into objects). */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();

const digestsTo = async (t: TestApp, email: string) =>
  (await mailbox(t)).filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email && /^Platter: /.test(m.subject ?? ''));

describe(`notification emails: opt-in kinds, one digest a day, one-click unsubscribe (${dialect})`, () => {
  let t: TestApp;
  let artist: Client;
  let artistEmail: string;
  let artistId: string;
  let fan: Client;
  let quiet: Client;
  let quietEmail: string;
  let trackId: string;

  beforeAll(async () => {
    t = await startTestApp();
    artist = new Client(t.baseUrl);
    const a = await artist.signUp('Лейбл');
    artistId = a.id;
    artistEmail = a.email;
    trackId = ((await uploadTrack(artist, await makeMp3(2), { title: 'Ночной поезд' })) as { id: string }).id;
    fan = new Client(t.baseUrl);
    await fan.signUp('Ann Fan');
    quiet = new Client(t.baseUrl);
    quietEmail = (await quiet.signUp('Quiet Artist')).email;
    await t.context.jobs.idle();
  });
  afterAll(() => t?.close());

  it('is off until turned on; only the owner reads or changes it; nonsense is a 400 with a message', async () => {
    expect((await new Client(t.baseUrl).json('GET', '/api/notifications/email')).status).toBe(401);
    expect((await new Client(t.baseUrl).json('PUT', '/api/notifications/email', { follow: true })).status).toBe(401);
    expect((await artist.json<Settings>('GET', '/api/notifications/email')).body).toEqual({ follow: false, comment: false, reply: false, release: false });
    const empty = await artist.json<{ message: string }>('PUT', '/api/notifications/email', { language: 'ru' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/give at least one kind/);
    const wrong = await artist.json<{ message: string }>('PUT', '/api/notifications/email', { follow: 'yes' });
    expect(wrong.status).toBe(400);
    const on = await artist.json<Settings>('PUT', '/api/notifications/email', { follow: true, comment: true, language: 'ru' });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ follow: true, comment: true, reply: false, release: false });
  });

  it('gathers the kinds turned on into one digest in the chosen language, with List-Unsubscribe; other kinds and other users get nothing', async () => {
    expect((await fan.json('PUT', `/api/artists/${artistId}/subscription`)).status).toBe(200);
    expect((await fan.json('POST', `/api/tracks/${trackId}/comments`, { text: 'Лучший трек <b>года</b>' })).status).toBe(201);
    expect((await fan.json('PUT', `/api/tracks/${trackId}/like`)).status).toBe(200);
    await t.context.jobs.idle();

    expect(await t.context.services.emailDigests.sendDue()).toBe(1);
    await t.context.jobs.idle();
    const digests = await digestsTo(t, artistEmail);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('Platter: новых уведомлений — 2');
    expect(digest.text).toContain('Ann Fan подписался(-ась) на вас');
    expect(digest.text).toContain('Ann Fan прокомментировал(а) «Ночной поезд»: Лучший трек <b>года</b>');
    // A like is a kind the artist did not turn on.
    expect(digest.text).not.toMatch(/оценил/);
    // The HTML escapes what people wrote.
    expect(digest.html).toContain('Лучший трек &#60;b&#62;года&#60;/b&#62;');
    expect(digest.html).not.toContain('<b>года</b>');
    expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(digest, 'list-unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/email\/unsubscribe\?u=[^&]+&sig=[\w-]+>$/);
    // The same link is in the text, for a person to follow.
    expect(digest.text).toContain(header(digest, 'list-unsubscribe')!.slice(1, -1));

    expect(await digestsTo(t, quietEmail)).toHaveLength(0);
  });

  it('sends at most one digest a day: a new notification waits for the next day, and is not sent twice', async () => {
    const replier = new Client(t.baseUrl);
    await replier.signUp('Bob Later');
    expect((await replier.json('PUT', `/api/artists/${artistId}/subscription`)).status).toBe(200);
    await t.context.jobs.idle();
    expect(await t.context.services.emailDigests.sendDue()).toBe(0);

    const tomorrow = new EmailDigestService({
      digests: t.context.repositories.emailDigests,
      mail: t.context.services.mail,
      signer: new UnsubscribeSigner('any'),
      publicUrl: undefined,
      now: () => Date.now() + DAY_MS + 60_000,
    });
    expect(await tomorrow.sendDue()).toBe(1);
    await t.context.jobs.idle();
    const digests = await digestsTo(t, artistEmail);
    expect(digests).toHaveLength(2);
    expect(digests[1]!.subject).toBe('Platter: новых уведомлений — 1');
    expect(digests[1]!.text).toContain('Bob Later подписался(-ась) на вас');
    expect(digests[1]!.text).not.toContain('Ann Fan');
    // Nothing new since: nothing sent, however late.
    const later = new EmailDigestService({ digests: t.context.repositories.emailDigests, mail: t.context.services.mail, signer: new UnsubscribeSigner('any'), publicUrl: undefined, now: () => Date.now() + 3 * DAY_MS });
    expect(await later.sendDue()).toBe(0);
  });

  it("unsubscribes in one click from the email's link, signed out and from no origin; a forged link is a 400 that says what to do", async () => {
    const digest = (await digestsTo(t, artistEmail))[0]!;
    const link = header(digest, 'list-unsubscribe')!.slice(1, -1);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/email\/unsubscribe\?u=[^&]+&sig=[\w-]+$/);

    // A person opening it is sent to the page that asks first; nothing changes yet.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/^\/unsubscribe\?u=/);
    expect((await artist.json<Settings>('GET', '/api/notifications/email')).body.follow).toBe(true);

    const forged = await fetch(link.replace(/sig=[\w-]+/, 'sig=AAAA'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toMatch(/not valid: open the whole link/);
    const otherUser = await fetch(link.replace(/u=[^&]+/, 'u=someone-else'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(otherUser.status).toBe(400);

    // RFC 8058: the mail client POSTs the form, with no cookie and no Origin.
    const clicked = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({ unsubscribed: true });
    expect((await artist.json<Settings>('GET', '/api/notifications/email')).body).toEqual({ follow: false, comment: false, reply: false, release: false });
    // Again: still fine.
    expect((await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);

    const another = new Client(t.baseUrl);
    await another.signUp('Cid After');
    expect((await another.json('PUT', `/api/artists/${artistId}/subscription`)).status).toBe(200);
    await t.context.jobs.idle();
    const tomorrow = new EmailDigestService({ digests: t.context.repositories.emailDigests, mail: t.context.services.mail, signer: new UnsubscribeSigner('any'), publicUrl: undefined, now: () => Date.now() + 5 * DAY_MS });
    expect(await tomorrow.sendDue()).toBe(0);
  });
});
