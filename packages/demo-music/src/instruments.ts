/**
 * Instruments of the demo synth. Drums are rendered once per track as
 * one-shot samples and mixed at every hit; pitched voices render one note at
 * a time straight into a mono bus.
 */
import { Rng } from './rng.js';
import { Envelope, Svf, TWO_PI, fastTanh, midiToHz, sawBlep, saturate, sinCycles, squareBlep } from './dsp.js';

/** A pitched note in absolute time. */
export interface NoteEvent {
  time: number;
  dur: number;
  midi: number;
  vel: number;
}

/** A bass note; `glideFrom` makes the pitch slide in from another note (808 slides). */
export interface BassNoteEvent extends NoteEvent {
  glideFrom?: number;
}

// ---------------------------------------------------------------- drums ---

/** Fades the last 10 ms of a one-shot so a truncated tail never clicks. */
function fadeTail(buf: Float32Array, fs: number): Float32Array {
  const len = Math.min(buf.length, Math.round(0.01 * fs));
  for (let i = 0; i < len; i++) buf[buf.length - 1 - i] = buf[buf.length - 1 - i]! * (i / len);
  return buf;
}

export interface KickParams {
  startHz: number;
  endHz: number;
  pitchDecay: number;
  decay: number;
  click: number;
  drive: number;
}

export function renderKick(fs: number, p: KickParams, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round(fs * Math.min(1.2, p.decay * 7)));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / fs;
    const freq = p.endHz + (p.startHz - p.endHz) * Math.exp(-t / p.pitchDecay);
    phase += freq / fs;
    const amp = Math.exp(-t / p.decay) * Math.min(1, t / 0.001);
    const body = saturate(Math.sin(TWO_PI * phase) * amp, p.drive);
    out[i] = body + rng.noise() * p.click * Math.exp(-t / 0.0025);
  }
  return fadeTail(out, fs);
}

export interface SnareParams {
  toneHz: number;
  toneMix: number;
  noiseHz: number;
  decay: number;
}

export function renderSnare(fs: number, p: SnareParams, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round(fs * p.decay * 6));
  const filter = new Svf(fs, p.noiseHz, 0.8);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / fs;
    phase += (p.toneHz * (1 + 0.5 * Math.exp(-t / 0.01))) / fs;
    const tone = Math.sin(TWO_PI * phase) * Math.exp(-t / 0.05);
    filter.process(rng.noise());
    const noise = (filter.high * 0.7 + filter.band * 0.6) * Math.exp(-t / p.decay);
    out[i] = (tone * p.toneMix + noise) * Math.min(1, t / 0.0005);
  }
  return fadeTail(out, fs);
}

/** Hand clap: a few noise bursts a few milliseconds apart, then a short tail. */
export function renderClap(fs: number, decay: number, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round(fs * (0.03 + decay * 6)));
  const filter = new Svf(fs, 1300, 1.4);
  const bursts = [0, 0.009, 0.019];
  for (let i = 0; i < out.length; i++) {
    const t = i / fs;
    let env = 0;
    for (const b of bursts) if (t >= b) env += Math.exp(-(t - b) / 0.005);
    if (t >= 0.028) env += 0.8 * Math.exp(-(t - 0.028) / decay);
    filter.process(rng.noise());
    out[i] = (filter.band * 1.6 + filter.high * 0.3) * env;
  }
  return fadeTail(out, fs);
}

/** Square waves at the TR-808 hat ratios give the metallic colour of a cymbal. */
const METAL_RATIOS = [1, 1.4828, 1.8003, 2.5461, 2.6303, 3.8966];

function metalOsc(phases: Float64Array, base: number, fs: number): number {
  let sum = 0;
  for (let k = 0; k < METAL_RATIOS.length; k++) {
    const ph = phases[k]! + (base * METAL_RATIOS[k]!) / fs;
    phases[k] = ph - Math.floor(ph);
    sum += phases[k]! < 0.5 ? 1 : -1;
  }
  return sum / METAL_RATIOS.length;
}

export function renderHat(fs: number, decay: number, brightness: number, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round(fs * decay * 6));
  const hp = new Svf(fs, 6500 + 2500 * brightness, 0.9);
  // A lowpass above the highpass keeps the hats from turning into hiss at the very top.
  const lp = new Svf(fs, 12500, 0.7);
  const phases = new Float64Array(METAL_RATIOS.length);
  for (let i = 0; i < out.length; i++) {
    const t = i / fs;
    hp.process(metalOsc(phases, 410, fs) * 0.6 + rng.noise() * 0.8);
    lp.process(hp.high);
    out[i] = lp.low * Math.exp(-t / decay) * Math.min(1, t / 0.0005);
  }
  return fadeTail(out, fs);
}

export function renderCrash(fs: number, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round(fs * 2));
  const hp = new Svf(fs, 4500, 0.7);
  const lp = new Svf(fs, 11000, 0.7);
  const phases = new Float64Array(METAL_RATIOS.length);
  for (let i = 0; i < out.length; i++) {
    const t = i / fs;
    hp.process(metalOsc(phases, 333, fs) * 0.5 + rng.noise());
    lp.process(hp.high);
    out[i] = lp.low * (0.6 * Math.exp(-t / 0.5) + 0.4 * Math.exp(-t / 0.06));
  }
  return fadeTail(out, fs);
}

/** Short bright noise tick, used as rimshot/shaker in the softer styles. */
export function renderRim(fs: number, rng: Rng): Float32Array {
  const out = new Float32Array(Math.round(fs * 0.08));
  const bp = new Svf(fs, 1800, 3);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / fs;
    phase += 480 / fs;
    bp.process(rng.noise() * 0.6 + Math.sin(TWO_PI * phase));
    out[i] = bp.band * Math.exp(-t / 0.012) * 2;
  }
  return fadeTail(out, fs);
}

/**
 * TR-808 style cowbell (two squares, bandpassed) at an arbitrary pitch. The
 * 808 detunes its second oscillator to a ratio of 1.48; a pure fifth keeps
 * the cowbell melodies of phonk in tune with the chords.
 */
export function renderCowbell(fs: number, freq: number): Float32Array {
  const out = new Float32Array(Math.round(fs * 0.45));
  // A narrow band around the two fundamentals tames the upper square harmonics,
  // whose major thirds and sevenths would clash with minor-key chords.
  const bp = new Svf(fs, freq * 1.25, 3);
  const f2 = freq * 1.5;
  let p1 = 0;
  let p2 = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / fs;
    p1 += freq / fs;
    p2 += f2 / fs;
    if (p1 >= 1) p1 -= 1;
    if (p2 >= 1) p2 -= 1;
    bp.process(squareBlep(p1, freq / fs) + squareBlep(p2, f2 / fs) * 0.8);
    const env = 0.65 * Math.exp(-t / 0.012) + 0.35 * Math.exp(-t / 0.13);
    out[i] = (bp.band * 1.6 + bp.low * 0.3) * env * Math.min(1, t / 0.0008);
  }
  return fadeTail(out, fs);
}

/** Vinyl crackle and hiss for the lo-fi styles, added over the whole track. */
export function addCrackle(out: Float32Array, fs: number, level: number, rng: Rng): void {
  const hiss = new Svf(fs, 5000, 0.6);
  const popsPerSecond = 9;
  let pop = 0;
  for (let i = 0; i < out.length; i++) {
    if (rng.next() < popsPerSecond / fs) pop = rng.range(0.3, 1) * (rng.chance(0.5) ? 1 : -1);
    hiss.process(rng.noise());
    out[i] = out[i]! + (pop + hiss.band * 0.05) * level;
    pop *= 0.55;
  }
}

// --------------------------------------------------------------- voices ---

/** Range of samples a note covers inside a buffer, including its release tail. */
function noteSpan(out: Float32Array, fs: number, note: NoteEvent, release: number): [number, number] {
  const start = Math.max(0, Math.round(note.time * fs));
  const end = Math.min(out.length, Math.round((note.time + note.dur + release) * fs));
  return [start, end];
}

/**
 * Monophonic 808: one sine whose phase runs across notes so legato notes and
 * slides never click; amplitude-dependent saturation adds the grit.
 */
export function render808(out: Float32Array, fs: number, notes: BassNoteEvent[], p: { decay: number; drive: number }): void {
  let phase = 0;
  let amp = 0;
  const smooth = 1 - Math.exp(-1 / (0.002 * fs));
  const decayCoef = Math.exp(-1 / (p.decay * fs));
  const glideLen = Math.round(0.09 * fs);
  const driveNorm = 1 / fastTanh(p.drive);
  for (let n = 0; n < notes.length; n++) {
    const note = notes[n]!;
    const next = notes[n + 1];
    const start = Math.max(0, Math.round(note.time * fs));
    const stop = Math.min(out.length, Math.round((next ? next.time : note.time + note.dur + 0.05) * fs));
    const durLen = Math.round(note.dur * fs);
    const releaseLen = 0.04 * fs;
    const attackLen = 0.003 * fs;
    const target = midiToHz(note.midi) / fs;
    const from = note.glideFrom !== undefined ? midiToHz(note.glideFrom) / fs : target;
    const legato = note.glideFrom !== undefined;
    let level = note.vel;
    for (let i = start; i < stop; i++) {
      const k = i - start;
      let inc = target;
      if (k < glideLen && from !== target) {
        // Smoothstep in log-frequency: the slide eases in and out like a portamento.
        const g = k / glideLen;
        inc = from * Math.pow(target / from, g * g * (3 - 2 * g));
      }
      phase += inc;
      if (phase >= 1) phase -= 1;
      level *= decayCoef;
      let env = level;
      if (!legato && k < attackLen) env *= k / attackLen;
      if (k > durLen) env *= Math.max(0, 1 - (k - durLen) / releaseLen);
      amp += (env - amp) * smooth;
      out[i] = out[i]! + fastTanh(sinCycles(phase) * amp * p.drive) * driveNorm * 0.8;
    }
  }
}

export interface SynthBassParams {
  cutoff: number;
  envAmount: number;
  envDecay: number;
  resonance: number;
  /** 0 = pure sine sub, 1 = full saw. */
  sawMix: number;
  decay: number;
}

/** Subtractive bass: saw + sine sub through an enveloped lowpass. */
export function renderSynthBassNote(out: Float32Array, fs: number, note: NoteEvent, p: SynthBassParams): void {
  const [start, end] = noteSpan(out, fs, note, 0.03);
  const freq = midiToHz(note.midi);
  const dt = freq / fs;
  const filter = new Svf(fs, p.cutoff, p.resonance);
  const env = new Envelope(fs, 0.004, p.decay, 0.5, 0.03, note.dur);
  let phase = 0;
  for (let i = start; i < end; i++) {
    const t = (i - start) / fs;
    if (((i - start) & 15) === 0) filter.set(p.cutoff + p.envAmount * Math.exp(-t / p.envDecay), p.resonance);
    phase += dt;
    if (phase >= 1) phase -= 1;
    filter.process(sawBlep(phase, dt) * p.sawMix);
    const sub = sinCycles(phase) * (1 - p.sawMix * 0.5);
    out[i] = out[i]! + (filter.low + sub) * env.next() * note.vel;
  }
}

export interface SawVoiceParams {
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  cutoff: number;
  envAmount: number;
  detuneCents: number;
  voices: number;
}

/** Detuned saw stack through a lowpass: pads (slow attack) and stabs/plucks (fast decay). */
export function renderSawNote(out: Float32Array, fs: number, note: NoteEvent, p: SawVoiceParams, rng: Rng): void {
  const [start, end] = noteSpan(out, fs, note, p.release);
  const base = midiToHz(note.midi);
  const phases = new Float64Array(p.voices);
  const incs = new Float64Array(p.voices);
  for (let v = 0; v < p.voices; v++) {
    const cents = p.voices === 1 ? 0 : p.detuneCents * (2 * v / (p.voices - 1) - 1);
    incs[v] = (base * Math.pow(2, cents / 1200)) / fs;
    phases[v] = rng.next();
  }
  const filter = new Svf(fs, p.cutoff, 0.8);
  const env = new Envelope(fs, p.attack, p.decay, p.sustain, p.release, note.dur);
  const norm = 1 / Math.sqrt(p.voices);
  for (let i = start; i < end; i++) {
    const t = (i - start) / fs;
    if (((i - start) & 31) === 0) filter.set(p.cutoff + p.envAmount * Math.exp(-t / p.decay), 0.8);
    let sum = 0;
    for (let v = 0; v < p.voices; v++) {
      let ph = phases[v]! + incs[v]!;
      if (ph >= 1) ph -= 1;
      phases[v] = ph;
      sum += sawBlep(ph, incs[v]!);
    }
    filter.process(sum * norm);
    out[i] = out[i]! + filter.low * env.next() * note.vel;
  }
}

/**
 * Two-operator FM voice. Ratio 1 with a decaying index gives an electric
 * piano; a non-integer ratio gives bells.
 */
export function renderFmNote(
  out: Float32Array,
  fs: number,
  note: NoteEvent,
  p: { ratio: number; index: number; indexDecay: number; decay: number; release: number; tremolo?: number },
): void {
  const [start, end] = noteSpan(out, fs, note, p.release);
  const freq = midiToHz(note.midi);
  const carInc = freq / fs;
  const modInc = (freq * p.ratio) / fs;
  const env = new Envelope(fs, 0.002, p.decay, 0, p.release, note.dur);
  const indexCoef = Math.exp(-1 / (p.indexDecay * fs));
  const tremolo = p.tremolo ?? 0;
  const tremoloInc = 4.5 / fs;
  // Index expressed in cycles, since the carrier phase is in cycles too.
  let index = p.index / TWO_PI;
  let car = 0;
  let mod = 0;
  let trem = 0;
  for (let i = start; i < end; i++) {
    car += carInc;
    mod += modInc;
    if (car >= 1) car -= 1;
    if (mod >= 1) mod -= 1;
    index *= indexCoef;
    const y = sinCycles(car + index * sinCycles(mod));
    let e = env.next();
    if (tremolo > 0) {
      trem += tremoloInc;
      e *= 1 - tremolo * (0.5 + 0.5 * sinCycles(trem));
    }
    out[i] = out[i]! + y * e * note.vel;
  }
}

/** Monophonic-style synth lead: two detuned oscillators, lowpass, delayed vibrato. */
export function renderLeadNote(
  out: Float32Array,
  fs: number,
  note: NoteEvent,
  p: { cutoff: number; square: boolean; vibrato: number },
): void {
  const [start, end] = noteSpan(out, fs, note, 0.08);
  const freq = midiToHz(note.midi);
  const filter = new Svf(fs, p.cutoff, 1.1);
  const env = new Envelope(fs, 0.008, 0.4, 0.7, 0.08, note.dur);
  let p1 = 0;
  let p2 = 0.37;
  for (let i = start; i < end; i++) {
    const t = (i - start) / fs;
    const vib = 1 + p.vibrato * Math.min(1, Math.max(0, (t - 0.18) / 0.25)) * sinCycles(5.5 * t);
    const dt1 = (freq * vib) / fs;
    const dt2 = dt1 * 1.006;
    p1 += dt1;
    p2 += dt2;
    if (p1 >= 1) p1 -= 1;
    if (p2 >= 1) p2 -= 1;
    const osc = p.square ? squareBlep(p1, dt1) * 0.7 + sawBlep(p2, dt2) * 0.5 : sawBlep(p1, dt1) * 0.6 + sawBlep(p2, dt2) * 0.6;
    if (((i - start) & 31) === 0) filter.set(p.cutoff * (1 + 1.5 * Math.exp(-t / 0.08)), 1.1);
    filter.process(osc);
    out[i] = out[i]! + filter.low * env.next() * note.vel;
  }
}

/** Soft flute-like lead: a sine with a little second/third harmonic, breath and vibrato. */
export function renderFluteNote(out: Float32Array, fs: number, note: NoteEvent, rng: Rng): void {
  const [start, end] = noteSpan(out, fs, note, 0.12);
  const freq = midiToHz(note.midi);
  const breath = new Svf(fs, freq * 2, 2);
  const env = new Envelope(fs, 0.05, 0.6, 0.75, 0.12, note.dur);
  let phase = 0;
  for (let i = start; i < end; i++) {
    const t = (i - start) / fs;
    const vib = 1 + 0.004 * Math.min(1, t / 0.4) * sinCycles(5 * t);
    phase += (freq * vib) / fs;
    if (phase >= 1) phase -= 1;
    breath.process(rng.noise());
    const y = sinCycles(phase) + 0.2 * sinCycles(2 * phase) + 0.08 * sinCycles(3 * phase) + breath.band * 0.15;
    out[i] = out[i]! + y * env.next() * note.vel;
  }
}
