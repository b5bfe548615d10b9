/**
 * Procedural music renderer for the demo catalogue. `renderTrack` turns a
 * track spec into stereo PCM: the arrangement is planned from the seed, then
 * drums, bass, chords and lead are rendered into buses that are mixed with
 * reverb, delay, sidechain pumping and a soft master limiter.
 */
import type { DemoTrackSpec } from './catalogue.js';
import {
  chordRootAt,
  isFillBar,
  kickPatternAt,
  layersAt,
  motifNotesAt,
  planTrack,
  sectionAt,
  stepTime,
  type Plan,
} from './arrangement.js';
import { Svf, dbToGain, lowpassInPlace, midiToHz, mixInto, pingPongInto, reverbInto, saturate } from './dsp.js';
import {
  addCrackle,
  render808,
  renderClap,
  renderCowbell,
  renderCrash,
  renderFluteNote,
  renderFmNote,
  renderHat,
  renderKick,
  renderLeadNote,
  renderRim,
  renderSawNote,
  renderSnare,
  renderSynthBassNote,
  type BassNoteEvent,
  type NoteEvent,
  type SawVoiceParams,
  type SynthBassParams,
} from './instruments.js';
import { Rng } from './rng.js';
import { snapToChord, voiceChord } from './theory.js';

/** Mono buses; drums are written straight into the left output and copied to the right. */
interface Buses {
  left: Float32Array;
  right: Float32Array;
  bass: Float32Array;
  chords: Float32Array;
  lead: Float32Array;
  /** Reverb send. */
  send: Float32Array;
  /** Kick times, for the sidechain pump. */
  kickTimes: number[];
}

export function renderTrack(spec: DemoTrackSpec, sampleRate: number): Float32Array[] {
  const plan = planTrack(spec);
  const length = Math.max(1, Math.round(spec.durationSec * sampleRate));
  const buses: Buses = {
    left: new Float32Array(length),
    right: new Float32Array(length),
    bass: new Float32Array(length),
    chords: new Float32Array(length),
    lead: new Float32Array(length),
    send: new Float32Array(length),
    kickTimes: [],
  };
  renderDrums(plan, buses, sampleRate);
  renderBass(plan, buses, sampleRate);
  renderChords(plan, buses, sampleRate);
  renderLead(plan, buses, sampleRate);
  mixDown(plan, buses, sampleRate);
  master(plan, buses, sampleRate);
  return [buses.left, buses.right];
}

// ---------------------------------------------------------------- drums ---

interface DrumKit {
  kick: Float32Array;
  snare: Float32Array;
  clap: Float32Array;
  hat: Float32Array;
  openHat: Float32Array;
  crash: Float32Array;
  rim: Float32Array;
}

function buildKit(plan: Plan, fs: number): DrumKit {
  const { kit } = plan.style;
  const rng = plan.rng.fork(2);
  return {
    kick: renderKick(fs, { ...kit.kick, endHz: tunedKickHz(plan, kit.kick.endHz) }, rng),
    snare: renderSnare(fs, { ...kit.snare, toneHz: kit.snare.toneHz * rng.range(0.94, 1.06) }, rng),
    clap: renderClap(fs, rng.range(0.07, 0.11), rng),
    hat: renderHat(fs, kit.hatDecay, rng.next(), rng),
    openHat: renderHat(fs, 0.16, rng.next(), rng),
    crash: renderCrash(fs, rng),
    rim: renderRim(fs, rng),
  };
}

/** The kick's body is tuned to the tonic or fifth nearest to the kit's pitch, as producers tune their kicks. */
function tunedKickHz(plan: Plan, nominal: number): number {
  let best = nominal;
  let bestDistance = Infinity;
  for (const interval of [-12, -5, 0, 7, 12]) {
    const hz = midiToHz(plan.bassKey.tonic + interval);
    const distance = Math.abs(Math.log(hz / nominal));
    if (distance < bestDistance) {
      best = hz;
      bestDistance = distance;
    }
  }
  return best;
}

/** Schedules one-shots; timing jitter and a reverb send are applied per hit. */
class DrumWriter {
  private readonly rng: Rng;

  constructor(
    private readonly plan: Plan,
    private readonly buses: Buses,
    readonly fs: number,
  ) {
    this.rng = plan.rng.fork(3);
  }

  hit(sample: Float32Array, bar: number, step: number, gain: number, reverb = 0): void {
    const jitter = this.plan.style.humanize * this.rng.noise();
    const time = Math.max(0, stepTime(this.plan, bar, step) + jitter);
    const offset = Math.round(time * this.fs);
    const g = gain * (1 - 0.12 * this.rng.next() * (this.plan.style.humanize > 0 ? 1 : 0.3));
    mixInto(this.buses.left, sample, offset, g);
    if (reverb > 0) mixInto(this.buses.send, sample, offset, g * reverb);
  }

  get random(): Rng {
    return this.rng;
  }
}

const VELOCITY: Record<string, number> = { X: 1, x: 0.8, o: 0.35 };

function renderDrums(plan: Plan, buses: Buses, fs: number): void {
  const kit = buildKit(plan, fs);
  const drums = new DrumWriter(plan, buses, fs);
  const { style } = plan;
  for (let bar = 0; bar < plan.totalBars; bar++) {
    const layers = layersAt(plan, bar);
    const section = sectionAt(plan, bar);
    const fill = isFillBar(plan, bar);
    // A beat stop silences the last two beats before a new section.
    const stopAt = fill && style.fill === 'stop' ? 8 : 16;
    if (style.crash && bar === section.start && section.kind !== 'intro' && section.kind !== 'outro' && layers.kick) {
      drums.hit(kit.crash, bar, 0, 0.28, 0.3);
    }
    if (layers.kick) {
      const pattern = kickPatternAt(plan, bar);
      for (let s = 0; s < stopAt; s++) {
        const v = VELOCITY[pattern[s]!];
        if (v === undefined) continue;
        drums.hit(kit.kick, bar, s, v);
        buses.kickTimes.push(stepTime(plan, bar, s));
      }
    }
    if (layers.snare) renderSnareBar(plan, drums, kit, bar, stopAt);
    if (layers.hats) renderHatBar(plan, drums, kit, bar, stopAt);
    if (fill) renderFill(plan, drums, kit, bar);
  }
  buses.right.set(buses.left);
}

function renderSnareBar(plan: Plan, drums: DrumWriter, kit: DrumKit, bar: number, stopAt: number): void {
  const { style } = plan;
  const patterns = style.snares;
  // Every fourth bar may use the alternative pattern (ghost notes, pickups).
  const pattern = bar % 4 === 3 && patterns.length > 1 ? patterns[1]! : patterns[0]!;
  const reverb = style.fx.reverb;
  for (let s = 0; s < stopAt; s++) {
    const v = VELOCITY[pattern[s]!];
    if (v === undefined) continue;
    if (style.kit.rim && v < 1) {
      drums.hit(kit.rim, bar, s, v * 0.5, reverb);
      continue;
    }
    drums.hit(kit.snare, bar, s, v * style.kit.snareMix * 0.8, reverb);
    if (style.kit.clap && v >= 0.8) drums.hit(kit.clap, bar, s, v * 0.7, reverb);
  }
}

function renderHatBar(plan: Plan, drums: DrumWriter, kit: DrumKit, bar: number, stopAt: number): void {
  const section = sectionAt(plan, bar);
  const busy = section.kind === 'variation' || section.kind === 'main2';
  const rng = drums.random;
  const gain = 0.32;
  switch (plan.style.hats) {
    case 'eighths':
      for (let s = 0; s < stopAt; s += 2) drums.hit(kit.hat, bar, s, gain * (s % 4 === 0 ? 1 : 0.65));
      if (rng.chance(0.35)) drums.hit(kit.hat, bar, 15, gain * 0.45);
      if (busy && stopAt > 14) drums.hit(kit.openHat, bar, 14, gain * 0.5);
      break;
    case 'sixteenths':
      for (let s = 0; s < stopAt; s++) drums.hit(kit.hat, bar, s, gain * (s % 4 === 0 ? 0.95 : s % 2 === 0 ? 0.7 : 0.45));
      break;
    case 'shuffle':
      for (let s = 0; s < stopAt; s += 2) drums.hit(kit.hat, bar, s + (s % 4 === 2 ? 0.67 : 0), gain * 0.5);
      break;
    case 'offbeat':
      for (let s = 2; s < stopAt; s += 4) drums.hit(kit.openHat, bar, s, gain * 0.7);
      if (busy || section.kind === 'main') for (let s = 0; s < stopAt; s++) if (s % 4 !== 2) drums.hit(kit.hat, bar, s, gain * (s % 2 ? 0.35 : 0.5));
      break;
    case 'trap':
      renderTrapHats(drums, kit, bar, stopAt, busy);
      break;
  }
}

/** Trap hats: steady 8ths or 16ths with triplet and 32nd rolls on some beats. */
function renderTrapHats(drums: DrumWriter, kit: DrumKit, bar: number, stopAt: number, busy: boolean): void {
  const rng = drums.random;
  const gain = 0.3;
  const rollBeat = rng.chance(busy ? 0.8 : 0.5) ? rng.pick([1, 3, 3]) : -1;
  for (let beat = 0; beat < 4; beat++) {
    const s0 = beat * 4;
    if (s0 >= stopAt) break;
    if (beat === rollBeat) {
      const hits = rng.pick([6, 8, 6, 12]);
      for (let k = 0; k < hits; k++) drums.hit(kit.hat, bar, s0 + (4 * k) / hits, gain * (0.45 + (0.5 * k) / hits));
      continue;
    }
    const stride = busy ? 1 : 2;
    for (let s = s0; s < s0 + 4; s += stride) drums.hit(kit.hat, bar, s, gain * (s % 2 === 0 ? 0.85 : 0.5));
  }
  if (busy && rng.chance(0.3)) drums.hit(kit.openHat, bar, 6, gain * 0.6);
}

/** Section-ending fill: beat stop with an open hat, a snare build-up (with a riser into a drop), or a snare pickup. */
function renderFill(plan: Plan, drums: DrumWriter, kit: DrumKit, bar: number): void {
  const { style } = plan;
  switch (style.fill) {
    case 'stop':
      drums.hit(kit.openHat, bar, 7, 0.25);
      break;
    case 'build': {
      const drop = style.breakdown && sectionAt(plan, bar + 1).kind === 'main2';
      for (let s = drop ? 0 : 8; s < 16; s += s < 8 ? 2 : 1) drums.hit(kit.snare, bar, s, 0.25 + (0.5 * s) / 16, style.fx.reverb);
      if (drop) renderRiser(plan, drums, bar);
      break;
    }
    case 'pickup':
      drums.hit(kit.snare, bar, 13, 0.3 * style.kit.snareMix);
      drums.hit(kit.snare, bar, 15, 0.45 * style.kit.snareMix);
      break;
  }
}

/** A bar-long noise sweep rising into the drop. */
function renderRiser(plan: Plan, drums: DrumWriter, bar: number): void {
  const rng = drums.random;
  const sampleRate = drums.fs;
  const len = Math.round(plan.stepSec * 16 * sampleRate);
  const riser = new Float32Array(len);
  const filter = new Svf(sampleRate, 400, 2);
  for (let i = 0; i < len; i++) {
    const x = i / len;
    if ((i & 31) === 0) filter.set(400 + 7000 * x * x, 2);
    filter.process(rng.noise());
    riser[i] = filter.band * x * x * 0.5;
  }
  drums.hit(riser, bar, 0, 1, 0.4);
}

// ----------------------------------------------------------------- bass ---

const BASS_SOUNDS: Record<'synth' | 'sub' | 'funk', SynthBassParams> = {
  synth: { cutoff: 320, envAmount: 1800, envDecay: 0.09, resonance: 1.3, sawMix: 0.8, decay: 0.35 },
  sub: { cutoff: 220, envAmount: 350, envDecay: 0.12, resonance: 0.7, sawMix: 0.35, decay: 0.7 },
  funk: { cutoff: 380, envAmount: 2200, envDecay: 0.06, resonance: 1.5, sawMix: 0.9, decay: 0.18 },
};

function renderBass(plan: Plan, buses: Buses, fs: number): void {
  const notes = bassLine(plan);
  const { style } = plan;
  if (style.bass === '808') {
    render808(buses.bass, fs, notes, { decay: 0.9, drive: style.bassDrive });
    return;
  }
  for (const note of notes) renderSynthBassNote(buses.bass, fs, note, BASS_SOUNDS[style.bass]);
}

/** Bass notes for the whole track, following the chord roots with a genre rhythm. */
function bassLine(plan: Plan): BassNoteEvent[] {
  const rng = plan.rng.fork(4);
  const notes: BassNoteEvent[] = [];
  const octaveUp = plan.style.bass === '808' || plan.style.bass === 'sub' ? 0 : 12;
  for (let bar = 0; bar < plan.totalBars; bar++) {
    if (!layersAt(plan, bar).bass) continue;
    const root = chordRootAt(plan, bar);
    const rootMidi = plan.bassKey.midi(root) + octaveUp;
    const stopAt = isFillBar(plan, bar) && plan.style.fill === 'stop' ? 8 : 16;
    for (const [step, len, interval] of bassRhythm(plan, bar, rng)) {
      if (step >= stopAt) continue;
      notes.push({
        time: stepTime(plan, bar, step),
        dur: Math.min(len, stopAt - step) * plan.stepSec,
        midi: rootMidi + interval,
        vel: step % 4 === 0 ? 1 : 0.85,
      });
    }
  }
  if (plan.style.bass === '808') addSlides(notes, rng);
  return notes;
}

/** [step, length in steps, semitones above the root] for the bass in one bar. */
function bassRhythm(plan: Plan, bar: number, rng: Rng): [number, number, number][] {
  switch (plan.style.bassRhythm) {
    case 'kick': {
      const hits = [...kickPatternAt(plan, bar)].flatMap((c, s) => (c === 'x' || c === 'X' ? [s] : []));
      const maxLen = plan.style.bass === '808' ? 16 : 6;
      return hits.map((s, k) => {
        const len = Math.min((hits[k + 1] ?? 16) - s, maxLen);
        const interval = k > 0 && plan.style.bass !== '808' && rng.chance(0.25) ? rng.pick([7, 12, 10]) : 0;
        return [s, Math.max(1, len - 0.5), interval];
      });
    }
    case 'eighths':
      return [0, 2, 4, 6, 8, 10, 12, 14].map((s) => [s, 1.6, s === 14 && rng.chance(0.5) ? 12 : 0]);
    case 'offbeat':
      return [2, 6, 10, 14].map((s) => [s, 1.6, 0]);
    case 'funk': {
      const pattern: [number, number, number][] = [[0, 1.5, 0], [3, 1, 12], [6, 1, 0], [8, 1, 7], [10, 1, 12], [13, 1, 10]];
      return pattern.filter(([s]) => s === 0 || rng.chance(0.85));
    }
    case 'long': {
      const chordBar = (bar - sectionAt(plan, bar).start) % plan.style.barsPerChord === 0;
      return chordBar ? [[0, plan.style.barsPerChord * 16 - 1, 0]] : [];
    }
  }
}

/** Trap/phonk 808 slides: some notes jump an octave or glide in from the previous note. */
function addSlides(notes: BassNoteEvent[], rng: Rng): void {
  for (let k = 1; k < notes.length; k++) {
    const prev = notes[k - 1]!;
    const note = notes[k]!;
    const contiguous = note.time - (prev.time + prev.dur) < 0.12;
    if (!contiguous) continue;
    if (rng.chance(0.22)) note.midi += 12;
    if (note.midi !== prev.midi && rng.chance(0.7)) note.glideFrom = prev.midi;
  }
}

// --------------------------------------------------------------- chords ---

const PAD: SawVoiceParams = { attack: 0.3, decay: 1.2, sustain: 0.8, release: 0.7, cutoff: 1100, envAmount: 500, detuneCents: 12, voices: 3 };
const STAB: SawVoiceParams = { attack: 0.003, decay: 0.16, sustain: 0.12, release: 0.08, cutoff: 900, envAmount: 3800, detuneCents: 18, voices: 3 };
const PLUCK: SawVoiceParams = { attack: 0.002, decay: 0.14, sustain: 0, release: 0.06, cutoff: 500, envAmount: 4200, detuneCents: 7, voices: 2 };

function renderChords(plan: Plan, buses: Buses, fs: number): void {
  const { style } = plan;
  const rng = plan.rng.fork(5);
  const center = style.chords === 'pad' ? 60 : 64;
  for (let bar = 0; bar < plan.totalBars; bar++) {
    if (!layersAt(plan, bar).chords) continue;
    const section = sectionAt(plan, bar);
    const voicing = voiceChord(plan.key, chordRootAt(plan, bar), style.seventh, center);
    const chordStart = (bar - section.start) % style.barsPerChord === 0;
    for (const [step, len] of style.chordRhythm) {
      // Patterns longer than a bar are anchored to the first bar of each chord.
      if (step + len > 16 && !chordStart) continue;
      const time = stepTime(plan, bar, step);
      const dur = Math.min(len, (section.start + section.bars - bar) * 16 - step) * plan.stepSec;
      for (const midi of voicing) renderChordNote(plan, buses.chords, fs, { time, dur, midi, vel: 0.5 }, rng);
    }
    if (style.padLayer && chordStart) {
      const dur = style.barsPerChord * 16 * plan.stepSec;
      const pad = voiceChord(plan.key, chordRootAt(plan, bar), style.seventh, 60);
      for (const midi of pad) renderSawNote(buses.chords, fs, { time: stepTime(plan, bar, 0), dur, midi, vel: 0.22 }, PAD, rng);
    }
  }
}

function renderChordNote(plan: Plan, out: Float32Array, fs: number, note: NoteEvent, rng: Rng): void {
  switch (plan.style.chords) {
    case 'pad':
      renderSawNote(out, fs, { ...note, vel: note.vel * 0.75 }, PAD, rng);
      break;
    case 'stabs':
      renderSawNote(out, fs, note, STAB, rng);
      break;
    case 'keys':
      renderFmNote(out, fs, note, {
        ratio: 1,
        index: 1.6,
        indexDecay: 0.35,
        decay: 1.3,
        release: 0.15,
        tremolo: plan.style.fx.tremolo,
      });
      break;
  }
}

// ----------------------------------------------------------------- lead ---

function renderLead(plan: Plan, buses: Buses, fs: number): void {
  const rng = plan.rng.fork(6);
  const cowbells = new Map<number, Float32Array>();
  for (const note of leadLine(plan)) {
    switch (plan.style.lead) {
      case 'cowbell': {
        let sample = cowbells.get(note.midi);
        if (!sample) {
          sample = renderCowbell(fs, midiToHz(note.midi));
          cowbells.set(note.midi, sample);
        }
        mixInto(buses.lead, sample, Math.round(note.time * fs), note.vel * 0.8);
        break;
      }
      case 'bell':
        // Ratio 4 keeps the partials harmonic: a glassy, in-tune bell rather than a church bell.
        renderFmNote(buses.lead, fs, note, { ratio: 4, index: 1.5, indexDecay: 0.1, decay: 0.7, release: 0.3 });
        break;
      case 'keys':
        renderFmNote(buses.lead, fs, note, { ratio: 1, index: 2.2, indexDecay: 0.25, decay: 0.9, release: 0.15 });
        break;
      case 'pluck':
        renderSawNote(buses.lead, fs, note, PLUCK, rng);
        break;
      case 'lead':
      case 'square':
        renderLeadNote(buses.lead, fs, note, { cutoff: 1600, square: plan.style.lead === 'square', vibrato: 0.006 });
        break;
      case 'flute':
        renderFluteNote(buses.lead, fs, note, rng);
        break;
    }
  }
}

/** Melody notes for the whole track: motif notes per bar, fitted to the chord playing. */
function leadLine(plan: Plan): NoteEvent[] {
  const { style } = plan;
  const notes: NoteEvent[] = [];
  const octave = 12 * style.melody.octave;
  for (let bar = 0; bar < plan.totalBars; bar++) {
    if (!layersAt(plan, bar).lead) continue;
    const root = chordRootAt(plan, bar);
    for (const n of motifNotesAt(plan, bar)) {
      // Riffs move with the chord; melodies keep their line but land on chord tones on the beat.
      const degree = style.riff ? root + n.degree : n.step % 4 === 0 ? snapToChord(n.degree, root) : n.degree;
      notes.push({
        time: stepTime(plan, bar, n.step),
        dur: n.len * plan.stepSec,
        midi: plan.key.midi(degree) + octave,
        vel: n.vel * 0.6,
      });
    }
  }
  return notes;
}

// ------------------------------------------------------------------ mix ---

function mixDown(plan: Plan, buses: Buses, fs: number): void {
  const { fx } = plan.style;
  if (fx.sidechain > 0) {
    duck(buses.bass, buses.kickTimes, fs, fx.sidechain * 0.6);
    duck(buses.chords, buses.kickTimes, fs, fx.sidechain);
  }
  const { left, right, send } = buses;
  const { mix } = plan.style;
  const bassGain = dbToGain(mix.bass);
  const chordGain = dbToGain(mix.chords);
  const leadGain = dbToGain(mix.lead);
  // Chords are widened with a short Haas delay on the right channel.
  const haas = Math.round(0.013 * fs);
  for (let i = 0; i < left.length; i++) {
    const bass = buses.bass[i]! * bassGain;
    const chord = buses.chords[i]! * chordGain;
    const chordLate = i >= haas ? buses.chords[i - haas]! * chordGain : 0;
    const lead = buses.lead[i]! * leadGain;
    left[i] = left[i]! + bass + chord + lead * 0.9;
    right[i] = right[i]! + bass + chordLate + lead * 0.8;
    send[i] = send[i]! + chord * 0.6 + lead * 0.7;
  }
  const lead = buses.lead;
  for (let i = 0; i < lead.length; i++) lead[i] = lead[i]! * leadGain;
  // Dotted-eighth echoes on the lead.
  pingPongInto(lead, left, right, fs, { time: plan.stepSec * 3, feedback: 0.35, wet: fx.delay });
  reverbInto(send, left, right, fs, { size: fx.roomSize, damping: 0.35, wet: fx.reverb * 1.5 });
}

/** Sidechain pump: the bus ducks after every kick and swells back. */
function duck(bus: Float32Array, kickTimes: number[], fs: number, depth: number): void {
  const release = 0.11;
  const span = Math.round(release * 4 * fs);
  for (const t of kickTimes) {
    const start = Math.round(t * fs);
    const end = Math.min(bus.length, start + span);
    for (let i = Math.max(0, start); i < end; i++) {
      const dt = (i - start) / fs;
      const attack = Math.min(1, dt / 0.004);
      bus[i] = bus[i]! * (1 - depth * attack * Math.exp(-dt / release));
    }
  }
}

/**
 * Master: lo-fi colour, loudness to a common RMS, soft limiting, peak
 * normalisation below full scale (no clipping, also after MP3 encoding) and
 * fades at both ends.
 */
function master(plan: Plan, buses: Buses, fs: number): void {
  const { left, right } = buses;
  const { fx } = plan.style;
  const rng = plan.rng.fork(7);
  if (fx.crackle > 0) {
    const crackle = new Float32Array(left.length);
    addCrackle(crackle, fs, fx.crackle, rng);
    for (let i = 0; i < left.length; i++) {
      left[i] = left[i]! + crackle[i]!;
      right[i] = right[i]! + crackle[i]!;
    }
  }
  // Every style gets a gentle top-end roll-off; the lo-fi ones a much darker one.
  const cutoff = fx.lowpass > 0 ? fx.lowpass : 15000;
  lowpassInPlace(left, cutoff, fs);
  lowpassInPlace(right, cutoff, fs);
  let energy = 0;
  for (let i = 0; i < left.length; i++) energy += left[i]! * left[i]! + right[i]! * right[i]!;
  const rms = Math.sqrt(energy / (2 * left.length)) || 1;
  const gain = 0.2 / rms;
  let peak = 0;
  for (let i = 0; i < left.length; i++) {
    left[i] = saturate(left[i]! * gain, fx.drive);
    right[i] = saturate(right[i]! * gain, fx.drive);
    peak = Math.max(peak, Math.abs(left[i]!), Math.abs(right[i]!));
  }
  const norm = peak > 0 ? 0.89 / peak : 0;
  const fadeIn = Math.min(0.5, plan.spec.durationSec * 0.05) * fs;
  const fadeOut = Math.min(4, plan.spec.durationSec * 0.12) * fs;
  for (let i = 0; i < left.length; i++) {
    const inGain = i < fadeIn ? i / fadeIn : 1;
    const rest = left.length - i;
    const outGain = rest < fadeOut ? (rest / fadeOut) ** 2 : 1;
    const g = norm * inGain * outGain;
    left[i] = left[i]! * g;
    right[i] = right[i]! * g;
  }
}
