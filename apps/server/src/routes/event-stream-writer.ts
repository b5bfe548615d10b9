import type { ServerResponse } from 'node:http';

const CRLF = Buffer.from('\r\n');
/** Streams written per turn of the event loop: ~18 µs each here, so a slice holds the loop ~5 ms. */
const SLICE = 256;

/**
 * Writes the live hub's frames into the open event streams (`GET /api/events`).
 *
 * A public event goes to every stream of the instance. Through `res.write`, each of those writes
 * encoded the frame again, corked the socket, wrote a four-part chunk and uncorked it on the next
 * tick: 126 ms for 5,000 streams here, 48–55 of them JavaScript (bench/sse-write-cost.mjs). Here the
 * frame is encoded once, as one HTTP/1.1 chunk, and each stream costs one socket write of those
 * shared bytes (88–92 ms, 19–20 of them JavaScript; the rest is the kernel's loopback writes).
 *
 * The writes wait for the end of the current turn (the like that caused the event is answered
 * first) and go out in slices of SLICE streams per turn, so 5,000 streams never hold the event
 * loop for the whole ~70 ms: other requests are served between slices. One queue for all
 * events keeps each stream's frames in the order the hub sent them.
 */
export class EventStreamWriter {
  private readonly queue: Array<{ res: ServerResponse; frame: string }> = [];
  /** The next entry of `queue` to write; a flush is scheduled whenever the queue is not empty. */
  private next = 0;
  private frame = '';
  private chunk: Buffer = Buffer.alloc(0);
  private raw: Buffer = Buffer.alloc(0);
  private readonly drained: Array<() => void> = [];

  /** Queues `frame` for the stream `res` (its headers already sent through `res`). */
  send(res: ServerResponse, frame: string): void {
    if (this.queue.push({ res, frame }) === 1) setImmediate(this.flush);
  }

  /** Resolves once every queued frame has been handed to its socket. */
  idle(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private readonly flush = (): void => {
    const end = Math.min(this.queue.length, this.next + SLICE);
    for (; this.next < end; this.next++) {
      const { res, frame } = this.queue[this.next]!;
      const socket = res.socket;
      // Ended or gone since it was queued: an ended response has let go of its socket by now (its
      // 'finish' comes on a next tick, before this turn), so there is nothing to write to.
      if (!socket || socket.destroyed) continue;
      socket.write(this.bytes(frame, res.chunkedEncoding));
    }
    if (this.next < this.queue.length) {
      setImmediate(this.flush);
      return;
    }
    this.queue.length = 0;
    this.next = 0;
    for (const resolve of this.drained.splice(0)) resolve();
  };

  /**
   * A frame's bytes as its stream sends them: one chunk (`<size>\r\n<frame>\r\n`), or the frame as
   * it is where the response is not chunked (a client or proxy speaking HTTP/1.0). The hub hands
   * one frame to every stream in turn, so the last one's bytes are kept.
   */
  private bytes(frame: string, chunked: boolean): Buffer {
    if (frame !== this.frame) {
      this.raw = Buffer.from(frame);
      this.chunk = Buffer.concat([Buffer.from(`${this.raw.length.toString(16)}\r\n`), this.raw, CRLF]);
      this.frame = frame;
    }
    return chunked ? this.chunk : this.raw;
  }
}
