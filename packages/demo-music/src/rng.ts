/** Seeded PRNG (mulberry32). The demo generator never uses Math.random. */
export class Rng {
  private state: number;
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.state = this.seed;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Rng.pick on an empty list');
    return item;
  }

  /** Bipolar white noise sample in [-1, 1). */
  noise(): number {
    return this.next() * 2 - 1;
  }

  /**
   * An independent generator derived from the original seed (not the current
   * state), so adding draws to one part of a track does not shift another.
   */
  fork(salt: number): Rng {
    return new Rng(Math.imul(this.seed ^ Math.imul(salt, 0x85ebca6b), 0x9e3779b1) ^ salt);
  }
}
