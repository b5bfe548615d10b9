import { request } from '@playwright/test';
import { APP_URL, DEMO_TRACKS } from './env.js';

/**
 * Runs once, after the web servers are up and before any journey: waits until the server has
 * generated the run's demo catalogue (it starts empty and fills in the background), so no spec
 * has to wait for it and no list a test reads grows under it.
 */
export default async function globalSetup(): Promise<void> {
  const api = await request.newContext({ baseURL: APP_URL });
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      const response = await api.get('/api/tracks', { params: { pageSize: 100 } });
      const { items } = (await response.json()) as { items: Array<{ id: string }> };
      const ready = items.filter((track) => track.id.startsWith('demo-')).length;
      if (ready >= DEMO_TRACKS) return;
      if (Date.now() > deadline) throw new Error(`only ${ready} of ${DEMO_TRACKS} demo tracks after 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await api.dispose();
  }
}
