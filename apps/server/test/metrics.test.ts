import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsListener } from '../src/routes/metrics.routes.js';
import { makeMp3 } from './support/audio-fixtures.js';
import { Client } from './support/http-client.js';
import { documentedSeries, parseMetrics, parseSamples, sampleValue } from './support/prometheus.js';
import { openEventStream } from './support/sse.js';
import { type TestApp, dialect, startTestApp } from './support/test-app.js';
import { uploadTrack } from './support/uploads.js';

const TOKEN = 'metrics-token-0123456789';

describe(`/metrics: Prometheus's text format, every documented series, behind a token or a port of its own (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (token?: string, baseUrl = t.baseUrl) => fetch(`${baseUrl}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('refuses a scrape without the token, or with another one', async () => {
    for (const response of [await scrape(), await scrape('not-the-token-at-all'), await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: TOKEN } })]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'metrics_token_required', message: expect.stringContaining('Authorization: Bearer') });
    }
  });

  it('after requests, an upload, listens and a live stream, holds every documented series, parsed by a Prometheus text-format parser', async () => {
    const artist = new Client(t.baseUrl);
    const fan = new Client(t.baseUrl);
    await artist.signUp('Metered Artist');
    await fan.signUp('Metered Fan');
    const track = (await uploadTrack(artist, await makeMp3(1), { title: 'Measured' })) as unknown as { id: string; url: string };
    // The waveform job runs once the track is announced (a moment after the upload's answer).
    const waveformOk = async () => sampleValue(parseSamples(await (await scrape(TOKEN)).text()).get('platter_job_duration_seconds_count'), { job: 'waveform', outcome: 'ok' }) ?? 0;
    await expect.poll(waveformOk, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect((await fan.json('GET', `/api/tracks/${track.id}`)).status).toBe(200);
    expect((await fan.json('GET', '/api/tracks/no-such-track')).status).toBe(404);
    expect((await fan.get(track.url, { range: 'bytes=0-99' })).status).toBe(206);
    // One counted listen, then its replay within the guard: not counted.
    expect((await fan.json<{ counted: boolean }>('POST', `/api/tracks/${track.id}/listens`, {})).body.counted).toBe(true);
    expect((await fan.json<{ counted: boolean }>('POST', `/api/tracks/${track.id}/listens`, {})).body.counted).toBe(false);
    // The Mailer (apps/server/src/mail/) calls these; here they are called as it will.
    t.context.metrics.emailSent('verification');
    t.context.metrics.emailFailed('verification');
    // nodejs_gc_duration_seconds shows once a collection has run since the registry began observing:
    // make short-lived garbage until one has (a test process may otherwise go a while without one).
    const collected = async () => {
      let garbage: unknown[] = [];
      for (let i = 0; i < 200_000; i += 1) garbage.push({ i, text: `garbage ${i}` });
      garbage = [];
      return (parseMetrics(await (await scrape(TOKEN)).text()).get('nodejs_gc_duration_seconds')?.metrics.length ?? 0) + garbage.length;
    };
    await expect.poll(collected, { timeout: 30_000 }).toBeGreaterThan(0);
    const stream = await openEventStream(t.baseUrl, fan.cookieHeader());
    try {
      const response = await scrape(TOKEN);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      const families = parseMetrics(text);
      const samples = parseSamples(text);

      const expected = documentedSeries();
      expect(expected.length).toBeGreaterThan(15);
      const missing = expected.filter((s) => (dialect === 'postgres' || !s.postgresOnly) && !families.get(s.name)?.metrics.length).map((s) => s.name);
      expect(missing, 'series documented in docs/metrics.md but not scraped').toEqual([]);
      if (dialect === 'sqlite') expect(families.get('platter_db_pool_connections')?.metrics ?? []).toEqual([]);

      // Latency by route pattern and status, never by raw URL.
      expect(families.get('platter_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
      const http = samples.get('platter_http_request_duration_seconds_count')!;
      const routes = http.metrics.map((m) => `${m.labels?.method} ${m.labels?.route} ${m.labels?.status}`);
      expect(routes).toContain('GET /api/tracks/:id 200');
      expect(routes).toContain('GET /api/tracks/:id 404');
      expect(routes).toContain('POST /api/tracks/:id/listens 200');
      expect(routes.some((r) => r.includes(track.id) || r.includes('no-such-track'))).toBe(false);
      const audio = http.metrics.find((m) => m.labels?.method === 'GET' && m.labels.status === '206');
      expect(audio?.labels?.route).toMatch(/^\/media\//);

      expect(sampleValue(families.get('platter_listens_total'), { outcome: 'counted' })).toBe(1);
      expect(sampleValue(families.get('platter_listens_total'), { outcome: 'ignored' })).toBe(1);
      expect(sampleValue(families.get('platter_tracks_created_total'))).toBe(1);
      if (dialect === 'sqlite') {
        expect(sampleValue(families.get('platter_uploads_total'), { result: 'stored' })).toBe(1);
        expect(sampleValue(families.get('platter_upload_bytes_total'))).toBeGreaterThan(1000);
      }
      expect(sampleValue(families.get('platter_emails_sent_total'), { kind: 'verification' })).toBe(1);
      expect(sampleValue(families.get('platter_emails_failed_total'), { kind: 'verification' })).toBe(1);
      expect(sampleValue(families.get('platter_live_subscribers'))).toBe(1);
      expect(sampleValue(samples.get('platter_job_duration_seconds_count'), { job: 'waveform', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
      expect(families.get('platter_job_queue_depth')!.metrics.map((m) => `${m.labels?.job} ${m.labels?.state}`)).toEqual(expect.arrayContaining(['waveform waiting', 'waveform active']));
      expect(sampleValue(samples.get('platter_db_query_duration_seconds_count'), { statement: 'select' })).toBeGreaterThan(0);
      expect(sampleValue(families.get('platter_event_loop_delay_seconds'), { quantile: '0.99' })).toBeGreaterThanOrEqual(0);
      if (dialect === 'postgres') expect(sampleValue(families.get('platter_db_pool_connections'), { state: 'total' })).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });

  it('counts a failing job by its name', async () => {
    await t.context.jobs.send('waveform', { trackId: 'no-such-track' });
    // The handler finds no track and ends quietly, or throws and is counted: either way a run is recorded.
    const waveformRuns = async () => {
      const samples = parseSamples(await (await scrape(TOKEN)).text());
      return (samples.get('platter_job_duration_seconds_count')?.metrics ?? []).filter((m) => m.labels?.job === 'waveform').reduce((sum, m) => sum + Number(m.value), 0);
    };
    await expect.poll(waveformRuns, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  });
});

describe(`/metrics off, or on a port of its own (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_PORT: '0' });
  });
  afterAll(() => t.close());

  it('answers 404 on the public port saying how to turn metrics on, and serves them on the metrics listener', async () => {
    const off = await startTestApp();
    try {
      const response = await fetch(`${off.baseUrl}/metrics`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'metrics_off', message: expect.stringMatching(/METRICS_TOKEN.*METRICS_PORT/) });
    } finally {
      await off.close();
    }
    const here = await fetch(`${t.baseUrl}/metrics`);
    expect(here.status).toBe(404);
    expect((await here.json()) as { message: string }).toMatchObject({ message: expect.stringContaining('own port') });
    const listener = await startMetricsListener(t.context.metrics, t.config.metrics);
    try {
      expect(listener.port).toBeGreaterThan(0);
      const response = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(response.status).toBe(200);
      const families = parseMetrics(await response.text());
      expect(families.has('platter_http_request_duration_seconds')).toBe(true);
      expect(families.has('process_cpu_seconds_total')).toBe(true);
      expect((await fetch(`http://127.0.0.1:${listener.port}/api/tracks`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});
