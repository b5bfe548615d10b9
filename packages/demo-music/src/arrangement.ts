/**
 * The musical plan of a track: key, harmony, sections, drum patterns and
 * melodies, all drawn from the track seed before any audio is rendered.
 */
import type { DemoTrackSpec } from './catalogue.js';
import { Rng } from './rng.js';
import { styleFor, type Harmony, type Style } from './styles.js';
import { Key, answerMotif, generateMotif, generateRiff, type MotifNote, type MotifOptions } from './theory.js';

export type SectionKind = 'intro' | 'main' | 'variation' | 'main2' | 'outro';

export interface Section {
  kind: SectionKind;
  start: number;
  bars: number;
}

/** Which parts play in a bar. */
export interface Layers {
  kick: boolean;
  snare: boolean;
  hats: boolean;
  bass: boolean;
  chords: boolean;
  lead: boolean;
}

export interface Plan {
  spec: DemoTrackSpec;
  style: Style;
  rng: Rng;
  /** Key for chords and melody (tonic between G3 and F#4). */
  key: Key;
  /** Same scale, tonic between E1 and D#2, for the bass. */
  bassKey: Key;
  stepSec: number;
  totalBars: number;
  sections: Section[];
  harmonyMain: Harmony;
  harmonyAlt: Harmony;
  kickMain: string;
  kickAlt: string;
  motifMain: MotifNote[];
  motifAlt: MotifNote[];
  /** Motif length in bars (a phrase is the motif followed by its answer, or a repeated riff). */
  motifBars: number;
}

export function planTrack(spec: DemoTrackSpec): Plan {
  const style = styleFor(spec.genre, spec.bpm);
  const rng = new Rng(spec.seed);
  const pitchClass = rng.int(0, 11);
  const harmonyMain = rng.pick(style.harmonies);
  const harmonyAlt = style.harmonies.length > 1 ? rng.pick(style.harmonies.filter((h) => h !== harmonyMain)) : harmonyMain;
  // The variation keeps the scale of the main part so the track stays in one key.
  const alt = { scale: harmonyMain.scale, progression: harmonyAlt.progression };
  const key = new Key(55 + ((pitchClass + 5) % 12), harmonyMain.scale);
  const bassKey = new Key(28 + ((pitchClass + 8) % 12), harmonyMain.scale);
  const stepSec = 60 / spec.bpm / 4;
  const totalBars = Math.max(1, Math.ceil(spec.durationSec / (stepSec * 16)));
  const kickMain = rng.pick(style.kicks);
  const kickAlt = style.kicks.length > 1 ? rng.pick(style.kicks.filter((k) => k !== kickMain)) : kickMain;
  const { motifMain, motifAlt, motifBars } = planMelodies(style, rng.fork(1));
  return {
    spec,
    style,
    rng,
    key,
    bassKey,
    stepSec,
    totalBars,
    sections: planSections(totalBars),
    harmonyMain,
    harmonyAlt: alt,
    kickMain,
    kickAlt,
    motifMain,
    motifAlt,
    motifBars,
  };
}

function planMelodies(style: Style, rng: Rng): { motifMain: MotifNote[]; motifAlt: MotifNote[]; motifBars: number } {
  if (style.riff) {
    // Chord tones, weighted; the cowbell riffs also get a fourth and a seventh as passing colour.
    const pool = style.lead === 'cowbell' ? [0, 2, 4, 4, 7, 3, -1] : [0, 2, 4, 7];
    return { motifMain: generateRiff(rng, 2, style.riff, pool), motifAlt: generateRiff(rng, 2, style.riff, pool), motifBars: 2 };
  }
  const options: MotifOptions = {
    bars: 2,
    density: style.melody.density,
    grid: style.melody.grid,
    low: 0,
    high: 9,
    maxLen: style.melody.maxLen,
  };
  const main = generateMotif(rng, options);
  const alt = generateMotif(rng, { ...options, density: Math.min(0.9, options.density * 1.25) });
  return {
    motifMain: [...main, ...shift(answerMotif(rng, main, options), 32)],
    motifAlt: [...alt, ...shift(answerMotif(rng, alt, options), 32)],
    motifBars: 4,
  };
}

function shift(notes: MotifNote[], steps: number): MotifNote[] {
  return notes.map((n) => ({ ...n, step: n.step + steps }));
}

/**
 * Intro / main / variation / main again / outro, scaled to the track length.
 * Very short renders (tests) are a single main section.
 */
export function planSections(totalBars: number): Section[] {
  if (totalBars < 8) return [{ kind: 'main', start: 0, bars: totalBars }];
  const edge = totalBars >= 20 ? 4 : 2;
  const middle = totalBars - 2 * edge;
  let main = Math.max(2, 4 * Math.round((middle * 0.38) / 4));
  let variation = Math.max(2, 4 * Math.round((middle * 0.3) / 4));
  // Leave at least two bars for the return of the main part.
  while (main + variation + 2 > middle && (main > 2 || variation > 2)) {
    if (variation >= main) variation -= 2;
    else main -= 2;
  }
  const kinds: [SectionKind, number][] = [
    ['intro', edge],
    ['main', main],
    ['variation', variation],
    ['main2', middle - main - variation],
    ['outro', edge],
  ];
  const sections: Section[] = [];
  let start = 0;
  for (const [kind, bars] of kinds) {
    if (bars <= 0) continue;
    sections.push({ kind, start, bars });
    start += bars;
  }
  return sections;
}

export function sectionAt(plan: Plan, bar: number): Section {
  for (const s of plan.sections) if (bar < s.start + s.bars) return s;
  return plan.sections[plan.sections.length - 1]!;
}

/** Root scale degree of the chord playing in a bar. */
export function chordRootAt(plan: Plan, bar: number): number {
  const section = sectionAt(plan, bar);
  const harmony = section.kind === 'variation' ? plan.harmonyAlt : plan.harmonyMain;
  const index = Math.floor((bar - section.start) / plan.style.barsPerChord) % harmony.progression.length;
  return harmony.progression[index]!;
}

export function layersAt(plan: Plan, bar: number): Layers {
  const section = sectionAt(plan, bar);
  const { style } = plan;
  const inBar = bar - section.start;
  const firstHalf = inBar < section.bars / 2;
  switch (section.kind) {
    case 'intro':
      return {
        kick: style.introDrums,
        snare: false,
        hats: style.introDrums || inBar === section.bars - 1,
        bass: false,
        chords: true,
        lead: !style.introDrums,
      };
    case 'variation':
      if (style.breakdown && firstHalf) return { kick: false, snare: false, hats: false, bass: false, chords: true, lead: true };
      return { kick: true, snare: true, hats: true, bass: true, chords: true, lead: true };
    case 'outro':
      return { kick: false, snare: false, hats: firstHalf, bass: firstHalf, chords: true, lead: firstHalf };
    default:
      return { kick: true, snare: true, hats: true, bass: true, chords: true, lead: true };
  }
}

export function kickPatternAt(plan: Plan, bar: number): string {
  return sectionAt(plan, bar).kind === 'variation' ? plan.kickAlt : plan.kickMain;
}

/** Melody of a bar: the notes of the section's motif that fall into it, with steps relative to the bar. */
export function motifNotesAt(plan: Plan, bar: number): MotifNote[] {
  const section = sectionAt(plan, bar);
  const motif = section.kind === 'variation' ? plan.motifAlt : plan.motifMain;
  const barInMotif = (bar - section.start) % plan.motifBars;
  const from = barInMotif * 16;
  return motif.filter((n) => n.step >= from && n.step < from + 16).map((n) => ({ ...n, step: n.step - from }));
}

/** Is this the last bar before a section in which the full groove (re)starts? */
export function isFillBar(plan: Plan, bar: number): boolean {
  const section = sectionAt(plan, bar);
  if (bar !== section.start + section.bars - 1) return false;
  const next = sectionAt(plan, bar + 1);
  return next !== section && next.kind !== 'outro';
}

/** Start time of a (possibly fractional) 16th step, with swing on the off-16ths. */
export function stepTime(plan: Plan, bar: number, step: number): number {
  const swung = Number.isInteger(step) && step % 2 === 1 ? plan.style.swing : 0;
  return (bar * 16 + step + swung) * plan.stepSec;
}
