import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';

/**
 * Streams the bytes Fastify's zod serializer would send for `head` with its `key` list holding
 * every item of `slices` (`JSON.stringify(z.encode(schema, answer))`, byte for byte): the head's
 * fields before the list, then each slice's items, each encoded (so checked) by the list's element
 * schema as the whole answer's array would encode it, then the fields after the list. The event
 * loop turns between slices, and the next slice is only read once the last one has been taken,
 * so no stretch of work is longer than one slice's.
 *
 * Whatever fails before this is called (access, a missing playlist) still answers its status; an
 * item that fails its schema, or a read that fails, later ends the stream with an error, so the
 * client sees a cut answer where the whole answer would have been a 500.
 */
export function slicedJson<S extends z.ZodObject>(schema: S, key: keyof z.output<S> & string, head: z.output<S>, slices: AsyncIterable<unknown[]>): Readable {
  const element = (schema.shape[key] as z.ZodArray).element;
  const encoded = z.encode(schema, head) as Record<string, unknown>;
  const keys = Object.keys(encoded);
  const at = keys.indexOf(key);
  if (at < 0) throw new Error(`slicedJson: the answer has no "${key}" list`);
  const fields = (from: number, to: number) => JSON.stringify(Object.fromEntries(keys.slice(from, to).map((k) => [k, encoded[k]])));
  const before = fields(0, at);
  const after = fields(at + 1, keys.length);
  // '{}' is an object with no field (or only undefined ones, which JSON leaves out).
  const open = `${before.slice(0, -1)}${before === '{}' ? '' : ','}${JSON.stringify(key)}:[`;
  const close = after === '{}' ? ']}' : `],${after.slice(1)}`;

  async function* chunks(): AsyncGenerator<string> {
    yield open;
    let written = 0;
    for await (const slice of slices) {
      if (slice.length === 0) continue;
      const text = slice.map((item) => JSON.stringify(z.encode(element, item))).join(',');
      yield written === 0 ? text : `,${text}`;
      written += slice.length;
      await nextTurn();
    }
    yield close;
  }
  return Readable.from(chunks(), { objectMode: false });
}
