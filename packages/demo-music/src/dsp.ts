/** Small DSP building blocks shared by the instruments and the mixer. */

export const TWO_PI = Math.PI * 2;

export function midiToHz(midi: number): number {
  return 440 * Math.pow(2, (midi - 69) / 12);
}

export function dbToGain(db: number): number {
  return Math.pow(10, db / 20);
}

const SINE_SIZE = 4096;
const SINE_TABLE = (() => {
  const table = new Float64Array(SINE_SIZE + 1);
  for (let i = 0; i <= SINE_SIZE; i++) table[i] = Math.sin((TWO_PI * i) / SINE_SIZE);
  return table;
})();

/**
 * sin(2π·phase) for a phase in cycles, from an interpolated table (error
 * below 1e-6). Several times faster than Math.sin in the per-sample loops.
 */
export function sinCycles(phase: number): number {
  const x = (phase - Math.floor(phase)) * SINE_SIZE;
  const i = x | 0;
  const a = SINE_TABLE[i]!;
  return a + (SINE_TABLE[i + 1]! - a) * (x - i);
}

/** Rational tanh approximation, exact enough for saturation and much cheaper than Math.tanh. */
export function fastTanh(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

/**
 * Attack / exponential decay to sustain / linear release envelope, advanced
 * one sample per `next()` without calling Math.exp per sample.
 */
export class Envelope {
  private i = 0;
  private decayLevel = 1;
  private readonly attackLen: number;
  private readonly decayCoef: number;
  private readonly releaseStart: number;
  private readonly releaseStep: number;

  constructor(
    sampleRate: number,
    attack: number,
    decay: number,
    private readonly sustain: number,
    release: number,
    duration: number,
  ) {
    this.attackLen = Math.max(1, Math.round(attack * sampleRate));
    this.decayCoef = Math.exp(-1 / (decay * sampleRate));
    this.releaseStart = Math.round(duration * sampleRate);
    this.releaseStep = 1 / Math.max(1, release * sampleRate);
  }

  next(): number {
    const i = this.i++;
    let v: number;
    if (i < this.attackLen) {
      v = i / this.attackLen;
    } else {
      this.decayLevel *= this.decayCoef;
      v = this.sustain + (1 - this.sustain) * this.decayLevel;
    }
    if (i > this.releaseStart) v *= Math.max(0, 1 - (i - this.releaseStart) * this.releaseStep);
    return v;
  }
}

/** PolyBLEP residual that removes most of the aliasing of a naive saw/square edge. */
export function polyBlep(phase: number, dt: number): number {
  if (phase < dt) {
    const t = phase / dt;
    return t + t - t * t - 1;
  }
  if (phase > 1 - dt) {
    const t = (phase - 1) / dt;
    return t * t + t + t + 1;
  }
  return 0;
}

/** Band-limited sawtooth in [-1, 1] for a phase in [0, 1). */
export function sawBlep(phase: number, dt: number): number {
  return 2 * phase - 1 - polyBlep(phase, dt);
}

/** Band-limited square in [-1, 1] for a phase in [0, 1). */
export function squareBlep(phase: number, dt: number): number {
  let half = phase + 0.5;
  if (half >= 1) half -= 1;
  return (phase < 0.5 ? 1 : -1) + polyBlep(phase, dt) - polyBlep(half, dt);
}

/**
 * Topology-preserving state variable filter (Zavalishin). Stable under fast
 * cutoff modulation, which the filter envelopes rely on. After `process`,
 * `low`, `band` and `high` hold the three outputs.
 */
export class Svf {
  low = 0;
  band = 0;
  high = 0;
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private k = 1;

  constructor(
    private readonly sampleRate: number,
    cutoff = 1000,
    q = 0.707,
  ) {
    this.set(cutoff, q);
  }

  set(cutoff: number, q: number): void {
    const fc = Math.min(Math.max(cutoff, 10), this.sampleRate * 0.45);
    const g = Math.tan((Math.PI * fc) / this.sampleRate);
    this.k = 1 / q;
    this.a1 = 1 / (1 + g * (g + this.k));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  process(x: number): void {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    this.low = v2;
    this.band = v1;
    this.high = x - this.k * v1 - v2;
  }
}

/** One-pole lowpass coefficient for a cutoff frequency. */
export function onePoleCoef(cutoff: number, sampleRate: number): number {
  return 1 - Math.exp((-TWO_PI * cutoff) / sampleRate);
}

/** In-place one-pole lowpass over a whole buffer. */
export function lowpassInPlace(buf: Float32Array, cutoff: number, sampleRate: number): void {
  const a = onePoleCoef(cutoff, sampleRate);
  let y = 0;
  for (let i = 0; i < buf.length; i++) {
    y += a * (buf[i]! - y);
    buf[i] = y;
  }
}

/** Adds `src * gain` into `dst` starting at sample `offset`, clipped to `dst`. */
export function mixInto(dst: Float32Array, src: Float32Array, offset: number, gain: number): void {
  const start = Math.max(0, offset);
  const end = Math.min(dst.length, offset + src.length);
  for (let i = start; i < end; i++) dst[i] = dst[i]! + src[i - offset]! * gain;
}

/**
 * Cheap stereo reverb in the Freeverb style: parallel damped combs (shared by
 * both channels) into series allpasses whose lengths differ per channel,
 * which decorrelates left and right for width. Mono in, adds into the
 * stereo outputs.
 */
export function reverbInto(
  send: Float32Array,
  outL: Float32Array,
  outR: Float32Array,
  sampleRate: number,
  opts: { size: number; damping: number; wet: number },
): void {
  const scale = sampleRate / 44100;
  const combs = [1116, 1188, 1277, 1356, 1422, 1557];
  const feedback = 0.7 + 0.28 * opts.size;
  const tail = new Float32Array(send.length);
  for (const len of combs) combFilter(send, tail, Math.round(len * scale), feedback, opts.damping);
  const wet = opts.wet / combs.length;
  const channel = new Float32Array(send.length);
  for (const [out, allpasses] of [
    [outL, [556, 441, 341]],
    [outR, [579, 464, 364]],
  ] as const) {
    channel.set(tail);
    for (const len of allpasses) allpassInPlace(channel, Math.round(len * scale), 0.5);
    for (let i = 0; i < out.length; i++) out[i] = out[i]! + channel[i]! * wet;
  }
}

function combFilter(input: Float32Array, out: Float32Array, len: number, feedback: number, damping: number): void {
  const line = new Float32Array(len);
  let idx = 0;
  let store = 0;
  for (let i = 0; i < input.length; i++) {
    const y = line[idx]!;
    store = y * (1 - damping) + store * damping;
    line[idx] = input[i]! + store * feedback;
    out[i] = out[i]! + y;
    if (++idx === len) idx = 0;
  }
}

function allpassInPlace(buf: Float32Array, len: number, feedback: number): void {
  const line = new Float32Array(len);
  let idx = 0;
  for (let i = 0; i < buf.length; i++) {
    const delayed = line[idx]!;
    const x = buf[i]!;
    line[idx] = x + delayed * feedback;
    buf[i] = delayed - x;
    if (++idx === len) idx = 0;
  }
}

/**
 * Ping-pong delay: mono in, echoes alternate between the channels, with a
 * lowpass in the feedback path so repeats get darker.
 */
export function pingPongInto(
  input: Float32Array,
  outL: Float32Array,
  outR: Float32Array,
  sampleRate: number,
  opts: { time: number; feedback: number; wet: number },
): void {
  const len = Math.max(1, Math.round(opts.time * sampleRate));
  const lineL = new Float32Array(len);
  const lineR = new Float32Array(len);
  const damp = onePoleCoef(3500, sampleRate);
  let idx = 0;
  let lpL = 0;
  let lpR = 0;
  for (let i = 0; i < input.length; i++) {
    const dl = lineL[idx]!;
    const dr = lineR[idx]!;
    lpL += damp * (dl - lpL);
    lpR += damp * (dr - lpR);
    lineL[idx] = input[i]! + lpR * opts.feedback;
    lineR[idx] = lpL * opts.feedback;
    outL[i] = outL[i]! + dl * opts.wet;
    outR[i] = outR[i]! + dr * opts.wet;
    if (++idx === len) idx = 0;
  }
}

/** Smooth saturation with unity slope at zero. */
export function saturate(x: number, drive: number): number {
  return fastTanh(x * drive) / fastTanh(drive);
}
