import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local ListenBrainz API peer for the tests: the two endpoints Platter calls, with the request and
 * response shapes the ListenBrainz API documents (https://listenbrainz.readthedocs.io, "Core API
 * Endpoints"): GET /1/validate-token and POST /1/submit-listens, authorised by `Token <token>`.
 * It checks each submission as ListenBrainz does (listen_type, payload size, listened_at,
 * artist_name and track_name) and answers 400 with `{ code, error }` otherwise. `failNext` makes
 * the next submissions fail with a status, to test retries.
 */
export interface FakeListenBrainz {
  url: string;
  /** Every accepted submission, in order. */
  accepted: Array<{ token: string; listen_type: string; payload: Array<Record<string, unknown>> }>;
  /** Answers the next `times` submissions with `status`. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

interface ListenPayload {
  listened_at?: unknown;
  track_metadata?: { artist_name?: unknown; track_name?: unknown; release_name?: unknown; additional_info?: unknown };
}

export async function startFakeListenBrainz(users: Record<string, string>): Promise<FakeListenBrainz> {
  const accepted: FakeListenBrainz['accepted'] = [];
  let failing: { status: number; times: number } | undefined;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const tokenOf = (req: http.IncomingMessage) => /^Token (\S+)$/.exec(req.headers.authorization ?? '')?.[1];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const token = tokenOf(req);
      if (req.method === 'GET' && req.url === '/1/validate-token') {
        // ListenBrainz answers 200 either way, with valid true/false.
        if (token && users[token]) return send(res, 200, { code: 200, message: 'Token valid.', valid: true, user_name: users[token] });
        return send(res, 200, { code: 200, message: 'Token invalid.', valid: false });
      }
      if (req.method === 'POST' && req.url === '/1/submit-listens') {
        if (!token || !users[token]) return send(res, 401, { code: 401, error: 'Invalid authorization token.' });
        if (failing && failing.times > 0) {
          failing.times -= 1;
          return send(res, failing.status, { code: failing.status, error: 'Service unavailable, try again later.' });
        }
        let body: { listen_type?: unknown; payload?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return send(res, 400, { code: 400, error: 'Cannot parse JSON document.' });
        }
        const { listen_type: type, payload } = body;
        if (type !== 'single' && type !== 'import' && type !== 'playing_now') return send(res, 400, { code: 400, error: 'JSON document does not contain a valid listen_type.' });
        if (!Array.isArray(payload) || payload.length === 0 || payload.length > 1000) return send(res, 400, { code: 400, error: 'JSON document does not contain a valid payload.' });
        if (type !== 'import' && payload.length !== 1) return send(res, 400, { code: 400, error: `JSON document contains more than one listen for listen_type ${type}.` });
        for (const listen of payload as ListenPayload[]) {
          const meta = listen.track_metadata;
          if (!meta || typeof meta.artist_name !== 'string' || !meta.artist_name || typeof meta.track_name !== 'string' || !meta.track_name) {
            return send(res, 400, { code: 400, error: 'JSON document does not contain required artist_name and track_name.' });
          }
          if (type === 'playing_now' && listen.listened_at !== undefined) return send(res, 400, { code: 400, error: 'JSON document should not contain listened_at for playing_now.' });
          if (type !== 'playing_now' && (typeof listen.listened_at !== 'number' || !Number.isInteger(listen.listened_at) || listen.listened_at < 1_033_430_400)) {
            return send(res, 400, { code: 400, error: 'Value for key listened_at is too low or not an integer.' });
          }
        }
        accepted.push({ token, listen_type: type, payload: payload as Array<Record<string, unknown>> });
        return send(res, 200, { status: 'ok' });
      }
      send(res, 404, { code: 404, error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted,
    failNext: (status, times = 1) => {
      failing = { status, times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
