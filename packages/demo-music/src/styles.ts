/**
 * Genre styles: grooves, harmony, instruments and mix settings. Drum
 * patterns are 16-step strings, one per bar: 'X' accent, 'x' hit, 'o' ghost
 * note, '.' rest.
 */
import type { DemoGenre } from './catalogue.js';
import type { KickParams, SnareParams } from './instruments.js';
import type { ScaleName } from './theory.js';

export type HatMode = 'eighths' | 'sixteenths' | 'trap' | 'offbeat' | 'shuffle';
export type BassMode = '808' | 'synth' | 'sub' | 'funk';
export type BassRhythm = 'kick' | 'eighths' | 'offbeat' | 'funk' | 'long';
export type ChordMode = 'pad' | 'keys' | 'stabs';
export type LeadMode = 'bell' | 'cowbell' | 'pluck' | 'lead' | 'square' | 'flute' | 'keys';
/** How a section ends: beat stop (trap), snare build-up (pop, dance) or a pickup on the snare. */
export type FillMode = 'stop' | 'build' | 'pickup';

export interface Harmony {
  scale: ScaleName;
  progression: readonly number[];
}

export interface Style {
  name: string;
  swing: number;
  /** Random timing jitter in seconds, for a played rather than quantized feel. */
  humanize: number;
  harmonies: readonly Harmony[];
  seventh: boolean;
  barsPerChord: 1 | 2;
  kit: { kick: KickParams; snare: SnareParams; clap: boolean; snareMix: number; hatDecay: number; rim: boolean };
  kicks: readonly string[];
  snares: readonly string[];
  hats: HatMode;
  bass: BassMode;
  /** Saturation of the 808 (ignored by the other bass modes). */
  bassDrive: number;
  bassRhythm: BassRhythm;
  /** Where the chord instrument plays within a bar: [step, length in steps]. */
  chordRhythm: readonly (readonly [number, number])[];
  chords: ChordMode;
  /** A sustained pad under the main chord instrument. */
  padLayer: boolean;
  lead: LeadMode;
  /** Riff pattern for chord-following leads (phonk cowbell, dance arp); otherwise a generated melody. */
  riff?: string;
  melody: { density: number; grid: 1 | 2; maxLen: number; octave: number };
  /** Bus levels in dB relative to the drums. */
  mix: { bass: number; chords: number; lead: number };
  /** Mix: reverb send/size, lead delay, sidechain pump depth, lo-fi colour. */
  fx: { reverb: number; roomSize: number; delay: number; sidechain: number; crackle: number; lowpass: number; drive: number; tremolo: number };
  crash: boolean;
  fill: FillMode;
  /** Drums (kick + hats) already in the intro, as DJ-friendly club tracks do. */
  introDrums: boolean;
  /** The variation section starts as a breakdown without kick and builds up with a riser. */
  breakdown: boolean;
}

const BOOM_BAP_KICK: KickParams = { startHz: 160, endHz: 52, pitchDecay: 0.035, decay: 0.22, click: 0.3, drive: 1.6 };
const TRAP_KICK: KickParams = { startHz: 190, endHz: 50, pitchDecay: 0.03, decay: 0.16, click: 0.4, drive: 2.2 };
const CLUB_KICK: KickParams = { startHz: 220, endHz: 48, pitchDecay: 0.028, decay: 0.2, click: 0.35, drive: 1.8 };
const SOFT_KICK: KickParams = { startHz: 120, endHz: 50, pitchDecay: 0.04, decay: 0.2, click: 0.1, drive: 1.2 };

const TIGHT_SNARE: SnareParams = { toneHz: 190, toneMix: 0.6, noiseHz: 2500, decay: 0.09 };
const FAT_SNARE: SnareParams = { toneHz: 175, toneMix: 0.9, noiseHz: 1800, decay: 0.13 };

const TWO_AND_FOUR = ['....X.......X...', '....X.......X..o', '....X..o....X...'];
const HALF_TIME = ['........X.......'];

const boomBap = (name: string, overrides: Partial<Style>): Style => ({
  name,
  swing: 0.28,
  humanize: 0.004,
  harmonies: [
    { scale: 'minor', progression: [0, 5, 3, 4] },
    { scale: 'minor', progression: [0, 3, 0, 5] },
    { scale: 'dorian', progression: [0, 3, 6, 4] },
  ],
  seventh: false,
  barsPerChord: 1,
  kit: { kick: BOOM_BAP_KICK, snare: FAT_SNARE, clap: false, snareMix: 1, hatDecay: 0.035, rim: false },
  kicks: ['X.........X.....', 'X......x..X....x', 'X.x.......X..x..', 'X..x......X.....'],
  snares: TWO_AND_FOUR,
  hats: 'eighths',
  bass: 'sub',
  bassDrive: 1,
  bassRhythm: 'kick',
  chordRhythm: [[0, 10], [10, 6]],
  chords: 'keys',
  padLayer: false,
  lead: 'bell',
  melody: { density: 0.35, grid: 2, maxLen: 6, octave: 1 },
  mix: { bass: -2.5, chords: -8, lead: -2.5 },
  fx: { reverb: 0.22, roomSize: 0.5, delay: 0.12, sidechain: 0, crackle: 0, lowpass: 0, drive: 1.3, tremolo: 0 },
  crash: false,
  fill: 'pickup',
  introDrums: false,
  breakdown: false,
  ...overrides,
});

const RAP = boomBap('rap', {
  mix: { bass: -2, chords: -7.5, lead: 0 },
  chords: 'pad',
  chordRhythm: [[0, 16]],
  padLayer: false,
  lead: 'keys',
  melody: { density: 0.3, grid: 2, maxLen: 4, octave: 1 },
  crash: true,
});

const HIP_HOP = boomBap('hip-hop', {
  swing: 0.33,
  harmonies: [
    { scale: 'dorian', progression: [0, 3] },
    { scale: 'minor', progression: [0, 3, 6, 2] },
    { scale: 'major', progression: [1, 4, 0, 5] },
  ],
  seventh: true,
  lead: 'flute',
  melody: { density: 0.3, grid: 2, maxLen: 6, octave: 0 },
  fx: { reverb: 0.25, roomSize: 0.55, delay: 0.1, sidechain: 0, crackle: 0.05, lowpass: 9000, drive: 1.3, tremolo: 0.2 },
});

const TRAP: Style = {
  name: 'trap',
  swing: 0,
  humanize: 0,
  harmonies: [
    { scale: 'harmonicMinor', progression: [0, 5, 3, 4] },
    { scale: 'minor', progression: [0, 5] },
    { scale: 'minor', progression: [0, 0, 5, 6] },
  ],
  seventh: false,
  barsPerChord: 1,
  kit: { kick: TRAP_KICK, snare: TIGHT_SNARE, clap: true, snareMix: 0.6, hatDecay: 0.025, rim: false },
  kicks: ['X.........X.....', 'X......X..X.....', 'X.....X...X..X..', 'X.x.......X....x'],
  snares: HALF_TIME,
  hats: 'trap',
  bass: '808',
  bassDrive: 1.8,
  bassRhythm: 'kick',
  chordRhythm: [[0, 16]],
  chords: 'pad',
  padLayer: false,
  lead: 'bell',
  melody: { density: 0.4, grid: 2, maxLen: 4, octave: 1 },
  mix: { bass: -3, chords: -8, lead: -3.5 },
  fx: { reverb: 0.28, roomSize: 0.7, delay: 0.18, sidechain: 0, crackle: 0, lowpass: 0, drive: 1.5, tremolo: 0 },
  crash: false,
  fill: 'stop',
  introDrums: false,
  breakdown: false,
};

const PHONK: Style = {
  ...TRAP,
  name: 'phonk',
  harmonies: [
    { scale: 'phrygian', progression: [0, 0, 1, 0] },
    { scale: 'minor', progression: [0, 5, 0, 6] },
    { scale: 'phrygian', progression: [0, 5, 1, 0] },
  ],
  kit: { ...TRAP.kit, kick: { ...TRAP_KICK, drive: 3.5 }, hatDecay: 0.03 },
  kicks: ['X.....X...X.....', 'X..x......X.....', 'X.....X.X.......'],
  hats: 'sixteenths',
  bassDrive: 4,
  lead: 'cowbell',
  riff: 'X..x..x.X..x.x..',
  padLayer: false,
  melody: { density: 0.5, grid: 1, maxLen: 2, octave: 1 },
  mix: { bass: -3, chords: -8, lead: -6 },
  fx: { reverb: 0.18, roomSize: 0.45, delay: 0.08, sidechain: 0, crackle: 0.03, lowpass: 0, drive: 1.8, tremolo: 0 },
};

const POP: Style = {
  name: 'pop',
  swing: 0,
  humanize: 0.002,
  harmonies: [
    { scale: 'major', progression: [0, 4, 5, 3] },
    { scale: 'major', progression: [5, 3, 0, 4] },
    { scale: 'major', progression: [0, 5, 3, 4] },
  ],
  seventh: false,
  barsPerChord: 1,
  kit: { kick: CLUB_KICK, snare: TIGHT_SNARE, clap: true, snareMix: 0.8, hatDecay: 0.04, rim: false },
  kicks: ['X.......X.x.....', 'X...x...X...x...', 'X.......X......x'],
  snares: ['....X.......X...'],
  hats: 'eighths',
  bass: 'synth',
  bassDrive: 1,
  bassRhythm: 'eighths',
  chordRhythm: [[0, 3], [3, 3], [6, 4], [10, 3], [13, 3]],
  chords: 'keys',
  padLayer: true,
  lead: 'lead',
  melody: { density: 0.5, grid: 2, maxLen: 4, octave: 0 },
  mix: { bass: 2, chords: -8, lead: -1 },
  fx: { reverb: 0.22, roomSize: 0.55, delay: 0.15, sidechain: 0.25, crackle: 0, lowpass: 0, drive: 1.4, tremolo: 0 },
  crash: true,
  fill: 'build',
  introDrums: false,
  breakdown: false,
};

/** Pop's club kit, synth bass and pad layer, on four-on-the-floor with off-beat hats and chord stabs, a drum intro and a breakdown. */
const DANCE: Style = {
  ...POP,
  name: 'dance',
  humanize: 0,
  harmonies: [
    { scale: 'minor', progression: [0, 5, 2, 6] },
    { scale: 'minor', progression: [0, 3, 5, 4] },
    { scale: 'major', progression: [5, 3, 0, 4] },
  ],
  kit: { ...POP.kit, snareMix: 0.3, hatDecay: 0.03 },
  kicks: ['X...X...X...X...'],
  hats: 'offbeat',
  bassRhythm: 'offbeat',
  chordRhythm: [[2, 1.5], [6, 1.5], [10, 1.5], [14, 1.5]],
  chords: 'stabs',
  lead: 'pluck',
  riff: 'x.xx.x.xx.x.x.x.',
  melody: { density: 0.5, grid: 1, maxLen: 2, octave: 1 },
  mix: { bass: 4, chords: -3, lead: 1 },
  fx: { reverb: 0.22, roomSize: 0.6, delay: 0.2, sidechain: 0.7, crackle: 0, lowpass: 0, drive: 1.6, tremolo: 0 },
  introDrums: true,
  breakdown: true,
};

const LOFI: Style = {
  ...boomBap('lofi', {}),
  swing: 0.36,
  humanize: 0.006,
  harmonies: [
    { scale: 'major', progression: [1, 4, 0, 5] },
    { scale: 'major', progression: [3, 2, 1, 0] },
    { scale: 'dorian', progression: [0, 3] },
  ],
  seventh: true,
  kit: { kick: SOFT_KICK, snare: { ...FAT_SNARE, decay: 0.08 }, clap: false, snareMix: 0.55, hatDecay: 0.03, rim: true },
  kicks: ['X......x..X.....', 'X.........X..x..'],
  chordRhythm: [[0, 16]],
  chords: 'keys',
  lead: 'flute',
  melody: { density: 0.22, grid: 2, maxLen: 8, octave: 0 },
  mix: { bass: -3, chords: -3.5, lead: -6 },
  fx: { reverb: 0.3, roomSize: 0.6, delay: 0.12, sidechain: 0, crackle: 0.08, lowpass: 5500, drive: 1.2, tremolo: 0.2 },
};

const AMBIENT: Style = {
  ...LOFI,
  name: 'ambient',
  swing: 0,
  humanize: 0.003,
  harmonies: [
    { scale: 'major', progression: [0, 5, 3, 4] },
    { scale: 'minor', progression: [0, 5, 2, 6] },
  ],
  seventh: true,
  barsPerChord: 2,
  kit: { ...LOFI.kit, snareMix: 0.3 },
  kicks: ['X...............', 'X.........x.....'],
  snares: ['............x...'],
  hats: 'shuffle',
  bass: 'sub',
  bassRhythm: 'long',
  chordRhythm: [[0, 32]],
  chords: 'pad',
  lead: 'bell',
  melody: { density: 0.18, grid: 2, maxLen: 8, octave: 1 },
  mix: { bass: -3, chords: -5, lead: -3 },
  fx: { reverb: 0.45, roomSize: 0.85, delay: 0.3, sidechain: 0, crackle: 0, lowpass: 7000, drive: 1.1, tremolo: 0 },
};

const FUNK: Style = {
  ...boomBap('funk', {}),
  swing: 0.12,
  humanize: 0.003,
  harmonies: [
    { scale: 'dorian', progression: [0, 3] },
    { scale: 'dorian', progression: [0, 0, 3, 4] },
    { scale: 'minor', progression: [0, 6, 5, 6] },
  ],
  seventh: true,
  kit: { kick: BOOM_BAP_KICK, snare: TIGHT_SNARE, clap: false, snareMix: 1, hatDecay: 0.03, rim: false },
  kicks: ['X.x.......x..x..', 'X..x..x...x.....'],
  snares: ['....X..o.o..X...', '....X.......X.o.'],
  hats: 'sixteenths',
  bass: 'funk',
  bassRhythm: 'funk',
  chordRhythm: [[0, 1], [3, 1], [6, 1.5], [10, 1], [12, 1], [14, 1]],
  chords: 'keys',
  lead: 'square',
  melody: { density: 0.4, grid: 1, maxLen: 4, octave: 0 },
  mix: { bass: 1, chords: -8, lead: -6 },
  fx: { reverb: 0.18, roomSize: 0.45, delay: 0.1, sidechain: 0, crackle: 0, lowpass: 0, drive: 1.4, tremolo: 0 },
  crash: true,
};

/** The style for a track. 'Other' picks lo-fi, ambient or funk by tempo. */
export function styleFor(genre: DemoGenre, bpm: number): Style {
  switch (genre) {
    case 'Rap':
      return RAP;
    case 'Hip-Hop':
      return HIP_HOP;
    case 'Trap':
      return TRAP;
    case 'Phonk':
      return PHONK;
    case 'Pop':
      return POP;
    case 'Dance':
      return DANCE;
    case 'Other':
      return bpm < 84 ? LOFI : bpm < 95 ? AMBIENT : FUNK;
    default:
      throw new Error(`No demo style for genre ${String(genre)}`);
  }
}
