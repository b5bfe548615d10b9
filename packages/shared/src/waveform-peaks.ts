/**
 * Waveform peaks from decoded audio, computed as the samples stream by: the loudest absolute
 * sample of every block of BLOCK frames (all channels), then folded down to the number of bars
 * the client draws. Memory stays small whatever the track's length (one number per block).
 *
 * Shared by the server's waveform worker (decoded uploads) and the demo-music package (rendered
 * tracks), so both draw the same shape; exported as `@platter/shared/waveform-peaks`.
 */
const BLOCK = 1024;

export class PeakAccumulator {
  private readonly blocks: number[] = [];
  private current = 0;
  private filled = 0;

  /** Adds one decoded chunk; channels are equally long. */
  push(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0;
    for (let i = 0; i < length; i++) {
      let peak = 0;
      for (const channel of channels) {
        const v = Math.abs(channel[i] ?? 0);
        if (v > peak) peak = v;
      }
      if (peak > this.current) this.current = peak;
      if (++this.filled === BLOCK) this.flush();
    }
  }

  private flush(): void {
    this.blocks.push(this.current);
    this.current = 0;
    this.filled = 0;
  }

  get frames(): number {
    return this.blocks.length * BLOCK + this.filled;
  }

  /**
   * `bars` peaks in 0..1, normalised so the loudest bar is 1 (quiet masters still draw a shape).
   * Empty when nothing was decoded.
   */
  result(bars: number): number[] {
    if (this.filled > 0) this.flush();
    const blocks = this.blocks;
    if (blocks.length === 0) return [];
    const out: number[] = [];
    for (let bar = 0; bar < bars; bar++) {
      const from = Math.floor((bar * blocks.length) / bars);
      const to = Math.max(from + 1, Math.floor(((bar + 1) * blocks.length) / bars));
      let peak = 0;
      for (let i = from; i < to && i < blocks.length; i++) peak = Math.max(peak, blocks[i] ?? 0);
      out.push(peak);
    }
    const max = Math.max(...out);
    return out.map((v) => (max > 0 ? Math.round((v / max) * 1000) / 1000 : 0));
  }
}
