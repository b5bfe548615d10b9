import type { LiveEvent } from '@platter/shared';

/** Opens GET /api/events as a client would (with its cookies) and collects the events it gets. */
export async function openEventStream(baseUrl: string, cookieHeader?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { signal: controller.signal, headers: cookieHeader ? { cookie: cookieHeader } : {} });
  if (!response.body) throw new Error('no event stream');
  const events: LiveEvent[] = [];
  let buffer = '';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const data = buffer.slice(0, end).split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as LiveEvent);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  let ended = false;
  void pump.then(() => {
    ended = true;
  });
  return {
    events,
    /** Resolves when the stream ends (the server ended it, or close() was called). */
    ended: pump,
    get isEnded() {
      return ended;
    },
    /** Waits until an event matching `predicate` has arrived (or fails after `ms`). */
    async waitFor(predicate: (e: LiveEvent) => boolean, ms = 5000): Promise<LiveEvent> {
      const started = Date.now();
      for (;;) {
        const hit = events.find(predicate);
        if (hit) return hit;
        if (Date.now() - started > ms) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
