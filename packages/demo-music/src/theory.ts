/** Scales, chords and the melody generator used by the demo synth. */
import { Rng } from './rng.js';

export const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
} as const satisfies Record<string, readonly number[]>;

export type ScaleName = keyof typeof SCALES;

/** A key: tonic as a MIDI note (its octave is the reference for degree 0) plus a scale. */
export class Key {
  constructor(
    readonly tonic: number,
    readonly scale: ScaleName,
  ) {}

  /** MIDI note of a scale degree; degrees beyond 0..6 wrap into other octaves. */
  midi(degree: number): number {
    const steps = SCALES[this.scale];
    const octave = Math.floor(degree / 7);
    return this.tonic + 12 * octave + steps[degree - 7 * octave]!;
  }
}

/** Scale degrees of a chord built by stacking thirds on `root` (triad or seventh). */
export function chordDegrees(root: number, seventh: boolean): number[] {
  return seventh ? [root, root + 2, root + 4, root + 6] : [root, root + 2, root + 4];
}

/**
 * Voice a chord around `center`: every tone moves into the octave just below
 * and above the center, which keeps neighbouring chords close (smooth voice
 * leading) without a search.
 */
export function voiceChord(key: Key, root: number, seventh: boolean, center: number): number[] {
  return chordDegrees(root, seventh)
    .map((d) => {
      let m = key.midi(d);
      while (m < center - 6) m += 12;
      while (m >= center + 6) m -= 12;
      return m;
    })
    .sort((a, b) => a - b);
}

/** A melody note relative to the start of a motif, in 16th steps and scale degrees. */
export interface MotifNote {
  step: number;
  len: number;
  degree: number;
  vel: number;
}

export interface MotifOptions {
  bars: number;
  /** Probability scale of an onset on a strong position (0..1). */
  density: number;
  /** 1 = 16th grid, 2 = 8th grid. */
  grid: 1 | 2;
  /** Allowed degree range (relative to the lead tonic). */
  low: number;
  high: number;
  /** Longest note in steps. */
  maxLen: number;
}

/** Metric weight of a 16th position: downbeats matter most, off-16ths least. */
function metricWeight(step: number): number {
  if (step % 16 === 0) return 1;
  if (step % 8 === 0) return 0.8;
  if (step % 4 === 0) return 0.65;
  if (step % 2 === 0) return 0.45;
  return 0.25;
}

/**
 * A melodic motif: onsets drawn with a metric bias, pitches from a bounded
 * random walk that prefers steps over leaps. The last note lands on the
 * tonic or fifth so phrases feel finished.
 */
export function generateMotif(rng: Rng, o: MotifOptions): MotifNote[] {
  const total = o.bars * 16;
  const onsets: number[] = [];
  for (let s = 0; s < total; s += o.grid) {
    const p = Math.min(0.95, o.density * metricWeight(s) * 1.6);
    if (s === 0 ? rng.chance(0.85) : rng.chance(p)) onsets.push(s);
  }
  if (onsets.length < 3) onsets.splice(0, onsets.length, 0, 6, 8 + 2 * rng.int(0, 3));
  const notes: MotifNote[] = [];
  let degree = rng.int(o.low + 2, Math.min(o.high, o.low + 6));
  const moves = [-2, -1, -1, -1, 0, 1, 1, 1, 2, 3, -3, 4, -4];
  for (let k = 0; k < onsets.length; k++) {
    const step = onsets[k]!;
    const next = onsets[k + 1] ?? total;
    if (k > 0) degree += rng.pick(moves);
    if (degree < o.low) degree = o.low + (o.low - degree);
    if (degree > o.high) degree = o.high - (degree - o.high);
    const len = Math.max(1, Math.min(next - step, o.maxLen) - (rng.chance(0.3) ? 1 : 0));
    notes.push({ step, len, degree, vel: 0.75 + 0.25 * metricWeight(step) });
  }
  const last = notes[notes.length - 1]!;
  last.degree = nearestOf(last.degree, [0, 4, 7]);
  return notes;
}

/** A variant of a motif: same rhythm, the second half re-pitched, for call-and-response. */
export function answerMotif(rng: Rng, motif: MotifNote[], o: MotifOptions): MotifNote[] {
  const half = (o.bars * 16) / 2;
  const answer = motif.map((n) => ({ ...n }));
  for (const n of answer) {
    if (n.step >= half) n.degree = Math.max(o.low, Math.min(o.high, n.degree + rng.pick([-2, -1, 1, 2])));
  }
  const last = answer[answer.length - 1];
  if (last) last.degree = nearestOf(last.degree, [0, 7]);
  return answer;
}

/** The closest degree (in any octave) among the given pitch-class degrees. */
export function nearestOf(degree: number, targets: readonly number[]): number {
  let best = degree;
  let bestDist = Infinity;
  for (const t of targets) {
    const pc = ((t % 7) + 7) % 7;
    for (let oct = -2; oct <= 2; oct++) {
      const cand = pc + 7 * (Math.floor(degree / 7) + oct);
      const dist = Math.abs(cand - degree);
      if (dist < bestDist) {
        bestDist = dist;
        best = cand;
      }
    }
  }
  return best;
}

/** Snap a melody degree onto the nearest tone of the chord built on `root`. */
export function snapToChord(degree: number, root: number): number {
  return nearestOf(degree, [root, root + 2, root + 4]);
}

/**
 * A one- or two-bar riff of chord-relative degrees (0 = chord root), used for
 * phonk cowbells and dance arpeggios that follow the chords.
 */
export function generateRiff(rng: Rng, bars: number, pattern: string, pool: readonly number[]): MotifNote[] {
  const notes: MotifNote[] = [];
  // The riff starts on the chord root; the other cells repeat a short contour.
  const contour = [0, ...Array.from({ length: 3 }, () => rng.pick(pool))];
  for (let bar = 0; bar < bars; bar++) {
    let k = 0;
    for (let s = 0; s < 16; s++) {
      const c = pattern[s];
      if (c !== 'x' && c !== 'X') continue;
      let len = 1;
      while (s + len < 16 && pattern[s + len] === '-') len++;
      const degree = bar === bars - 1 && k === 3 ? rng.pick(pool) : contour[k % contour.length]!;
      notes.push({ step: bar * 16 + s, len, degree: degree + (k >= 4 && rng.chance(0.2) ? 7 : 0), vel: c === 'X' ? 1 : 0.8 });
      k++;
    }
  }
  return notes;
}
