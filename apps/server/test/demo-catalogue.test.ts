import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountByEmail } from '../src/auth/auth.js';
import { type DemoCatalogueDeps, DemoCatalogueService } from '../src/services/demo-catalogue.service.js';
import { ImageService } from '../src/services/image.service.js';
import { Client } from './support/http-client.js';
import { imageInfo } from './support/images.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';

type Track = { id: string; artistId: string; image: string | null; waveform: string };
type Artist = { id: string; photoURL: string | null; coverURL: string | null };

/** The demo catalogue's tracks and artists carry artwork served like uploaded images. */
describe(`demo catalogue artwork (${dialect})`, () => {
  let t: TestApp;
  let anon: Client;
  /** The service on the test app's parts, two tracks in one worker; `more` adds or overrides deps. */
  const demo = (more: Partial<DemoCatalogueDeps> = {}) =>
    new DemoCatalogueService({
      db: t.context.database.db,
      accounts: accountByEmail(t.context.auth),
      storage: t.context.storage,
      images: new ImageService(t.context.storage),
      tracks: t.context.repositories.tracks,
      profileRows: t.context.repositories.profiles,
      profiles: t.context.services.profiles,
      events: t.context.events,
      workers: 1,
      limit: 2,
      log: () => undefined,
      ...more,
    });

  beforeAll(async () => {
    t = await startTestApp();
    anon = new Client(t.baseUrl);
    await demo().run();
  }, 60_000);
  afterAll(() => t.close());

  const webp = async (url: string | null) => {
    expect(url).toMatch(/^\/media\/images\/demo\//);
    const response = await anon.get(url as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    return imageInfo(Buffer.from(await response.arrayBuffer()));
  };

  it('gives every demo track a cover and every demo artist an avatar and a banner, served as WebP', async () => {
    const tracks = (await anon.json<{ items: Track[] }>('GET', '/api/tracks')).body.items;
    expect(tracks).toHaveLength(2);
    expect(new Set(tracks.map((track) => track.image)).size).toBe(2);
    for (const track of tracks) {
      // The waveform comes with the track, from the rendered samples: nothing waits for a decode.
      expect(track.waveform).toBe('ready');
      expect(await webp(track.image)).toEqual({ width: 600, height: 600, format: 'webp' });
      const artist = (await anon.json<Artist>('GET', `/api/artists/${track.artistId}`)).body;
      expect(await webp(artist.photoURL)).toEqual({ width: 400, height: 400, format: 'webp' });
      expect(await webp(artist.coverURL)).toEqual({ width: 1600, height: 600, format: 'webp' });
    }
  });

  it('draws the art that rows made before artwork lack on the next start, and nothing else', async () => {
    const [track] = (await anon.json<{ items: Track[] }>('GET', '/api/tracks')).body.items;
    const artistId = track?.artistId as string;
    const { repositories } = t.context;
    await repositories.tracks.setImage(track?.id as string, null);
    await repositories.profiles.update(artistId, { photo_url: null, cover_url: null });

    await demo().run();

    const after = (await anon.json<{ items: Track[] }>('GET', '/api/tracks')).body.items;
    expect(after).toHaveLength(2);
    expect(after.find((x) => x.id === track?.id)?.image).toBe(track?.image);
    const artist = (await anon.json<Artist>('GET', `/api/artists/${artistId}`)).body;
    expect(await webp(artist.photoURL)).toMatchObject({ width: 400 });
    expect(await webp(artist.coverURL)).toMatchObject({ width: 1600 });
  });

  it('gives the demo artists their posts and a release of their first tracks, once, whatever the number of starts', async () => {
    const withNews = () =>
      demo({
        posts: t.context.repositories.posts,
        createRelease: async (artistId, release) => {
          await t.context.services.releases.create({ id: artistId, isAdmin: false }, release);
        },
      });
    await withNews().run();
    await withNews().run();
    const [track] = (await anon.json<{ items: Track[] }>('GET', '/api/tracks')).body.items;
    const artistId = track?.artistId as string;
    const posts = (await anon.json<{ items: Array<{ text: string; createdAt: string }> }>('GET', `/api/artists/${artistId}/posts`)).body.items;
    expect(posts.map((p) => p.text)).toEqual([
      'Beat club tonight: bring a break, leave with a verse.',
      'The new EP “Crate Diggers” is up. Three tracks, all sampled from records my uncle left behind.',
      'Still think the best drums live in dusty crates.',
    ]);
    const releases = (await anon.json<{ items: Array<{ title: string; type: string; trackCount: number }> }>('GET', `/api/artists/${artistId}/releases`)).body.items;
    expect(releases).toEqual([expect.objectContaining({ title: 'Crate Diggers', type: 'ep', trackCount: 2 })]);
  });
});
