/**
 * Artwork for the demo catalogue: a cover per track, an avatar and a banner per artist, drawn as
 * SVG from the same seeds as the music (the image pipeline turns them into WebP). Abstract shapes
 * in palettes typical of each genre; no text. Pure: the same seed always draws the same picture.
 */
import type { DemoArtist, DemoGenre, DemoTrackSpec } from './catalogue.js';
import { Rng } from './rng.js';

interface Palette {
  /** Background gradient, from → to. */
  background: readonly [string, string];
  accents: readonly string[];
}

type Motif = 'sun' | 'rings' | 'blobs' | 'waves' | 'shards' | 'stripes';

const PALETTES: Record<DemoGenre, readonly Palette[]> = {
  Rap: [
    { background: ['#14100c', '#3b2a1a'], accents: ['#d4a017', '#c0392b', '#f5e6c8'] },
    { background: ['#0f0f14', '#2b2b3a'], accents: ['#e0b04c', '#f2f2f2', '#8a1c1c'] },
  ],
  'Hip-Hop': [
    { background: ['#2d1b12', '#7a3e1d'], accents: ['#f2a541', '#3f8f86', '#f6d8ae'] },
    { background: ['#13262b', '#2e5e5a'], accents: ['#f4c95d', '#e07a5f', '#f2efe6'] },
  ],
  Trap: [
    { background: ['#07070d', '#1b1035'], accents: ['#7df9ff', '#9b5de5', '#e0e0ff'] },
    { background: ['#0b0b0b', '#262626'], accents: ['#ff2e63', '#eaeaea', '#08d9d6'] },
  ],
  Pop: [
    { background: ['#ffd1dc', '#fff3b0'], accents: ['#ff6f91', '#7bdff2', '#b28dff', '#ffffff'] },
    { background: ['#a0e7e5', '#fbe7c6'], accents: ['#ff8fab', '#ffc6ff', '#4d96ff'] },
  ],
  Phonk: [
    { background: ['#0d0012', '#3a0a2e'], accents: ['#ff1f5a', '#b517ff', '#ff9a00'] },
    { background: ['#050505', '#2a0000'], accents: ['#ff0033', '#ff6a00', '#f0f0f0'] },
  ],
  Dance: [
    { background: ['#0a0330', '#3d0a6b'], accents: ['#00f5d4', '#f15bb5', '#fee440'] },
    { background: ['#001233', '#023e8a'], accents: ['#48cae4', '#ff00c8', '#caf0f8'] },
  ],
  Other: [
    { background: ['#1f2d2b', '#4a6b5d'], accents: ['#e9c46a', '#f4a261', '#a8dadc'] },
    { background: ['#2b2d42', '#8d99ae'], accents: ['#edf2f4', '#ef233c', '#ffb4a2'] },
  ],
};

/** Which pictures suit which genre: synthwave suns for phonk and dance, soft blobs for pop and lo-fi… */
const MOTIFS: Record<DemoGenre, readonly Motif[]> = {
  Rap: ['stripes', 'rings', 'shards'],
  'Hip-Hop': ['stripes', 'waves', 'blobs'],
  Trap: ['shards', 'rings', 'blobs'],
  Pop: ['blobs', 'waves', 'sun'],
  Phonk: ['sun', 'shards', 'rings'],
  Dance: ['sun', 'waves', 'rings'],
  Other: ['blobs', 'waves', 'stripes'],
};

/** Salts that keep each picture's draws apart from the music's (Rng.fork of the track seed). */
const COVER_SALT = 0xc0fe;
const AVATAR_SALT = 0xa7a7;
const BANNER_SALT = 0xba22;

const f = (n: number) => (Math.round(n * 10) / 10).toString();

class Canvas {
  readonly parts: string[] = [];
  readonly defs: string[] = [];
  private ids = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly rng: Rng,
    readonly palette: Palette,
  ) {}

  id(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  accent(): string {
    return this.rng.pick(this.palette.accents);
  }

  /** A soft spot of colour fading out to its edge (a radial gradient: far cheaper to render than a blur filter). */
  glow(color: string, opacity: number): string {
    const id = this.id('r');
    this.defs.push(`<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${f(opacity)}"/><stop offset="0.55" stop-color="${color}" stop-opacity="${f(opacity * 0.6)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`);
    return id;
  }

  linear(from: string, to: string, angle: number): string {
    const id = this.id('g');
    const rad = (angle * Math.PI) / 180;
    const [x, y] = [Math.cos(rad) / 2, Math.sin(rad) / 2];
    this.defs.push(
      `<linearGradient id="${id}" x1="${f(0.5 - x)}" y1="${f(0.5 - y)}" x2="${f(0.5 + x)}" y2="${f(0.5 + y)}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    );
    return id;
  }

  svg(): string {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}">`,
      `<defs>${this.defs.join('')}</defs>`,
      ...this.parts,
      '</svg>',
    ].join('');
  }
}

function background(c: Canvas): void {
  const [from, to] = c.palette.background;
  const swap = c.rng.chance(0.5);
  const gradient = c.linear(swap ? to : from, swap ? from : to, c.rng.range(0, 360));
  c.parts.push(`<rect width="${c.width}" height="${c.height}" fill="url(#${gradient})"/>`);
}

/** A dark-edged vignette, so every picture has depth and white UI text stays readable over it. */
function vignette(c: Canvas): void {
  const id = c.id('v');
  c.defs.push(`<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>`);
  c.parts.push(`<rect width="${c.width}" height="${c.height}" fill="url(#${id})"/>`);
}

const DRAW: Record<Motif, (c: Canvas) => void> = {
  /** A striped sun over a perspective grid. */
  sun(c) {
    const { width: w, height: h, rng } = c;
    const r = Math.min(w, h) * rng.range(0.22, 0.34);
    const cx = w * rng.range(0.35, 0.65);
    const cy = h * rng.range(0.38, 0.52);
    const glow = c.glow(c.accent(), 0.6);
    const sunFill = c.linear(c.accent(), c.accent(), 90);
    c.parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 1.5)}" fill="url(#${glow})"/>`);
    c.parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${sunFill})"/>`);
    const bars = rng.int(4, 7);
    for (let i = 0; i < bars; i++) {
      const y = cy + (r * (i + 1)) / (bars + 1);
      c.parts.push(`<rect x="${f(cx - r)}" y="${f(y)}" width="${f(2 * r)}" height="${f(2 + i * rng.range(1.5, 3))}" fill="${c.palette.background[0]}"/>`);
    }
    const horizon = cy + r * 0.9;
    const line = c.accent();
    c.parts.push(`<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${c.palette.background[0]}" opacity="0.85"/>`);
    for (let i = 1; i <= 6; i++) {
      const y = horizon + ((h - horizon) * (i * i)) / 36;
      c.parts.push(`<line x1="0" y1="${f(y)}" x2="${w}" y2="${f(y)}" stroke="${line}" stroke-width="1.5" opacity="0.6"/>`);
    }
    for (let i = -8; i <= 8; i++) {
      c.parts.push(`<line x1="${f(cx + i * w * 0.04)}" y1="${f(horizon)}" x2="${f(cx + i * w * 0.22)}" y2="${h}" stroke="${line}" stroke-width="1.5" opacity="0.6"/>`);
    }
  },

  /** Concentric rings around an off-centre point, like a record or a speaker cone. */
  rings(c) {
    const { width: w, height: h, rng } = c;
    const cx = w * rng.range(0.25, 0.75);
    const cy = h * rng.range(0.25, 0.75);
    const count = rng.int(6, 12);
    const step = Math.max(w, h) * rng.range(0.05, 0.09);
    for (let i = count; i >= 1; i--) {
      const filled = rng.chance(0.25);
      const color = c.accent();
      c.parts.push(
        filled
          ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(i * step)}" fill="${color}" opacity="${f(rng.range(0.15, 0.4))}"/>`
          : `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(i * step)}" fill="none" stroke="${color}" stroke-width="${f(rng.range(2, step * 0.45))}" opacity="${f(rng.range(0.4, 0.9))}"/>`,
      );
    }
    c.parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(step * 0.6)}" fill="${c.accent()}"/>`);
  },

  /** Soft, blurred colour fields. */
  blobs(c) {
    const { width: w, height: h, rng } = c;
    const count = rng.int(4, 7);
    for (let i = 0; i < count; i++) {
      const r = Math.min(w, h) * rng.range(0.25, 0.55);
      const glow = c.glow(c.accent(), rng.range(0.6, 0.95));
      c.parts.push(`<ellipse cx="${f(rng.range(0, w))}" cy="${f(rng.range(0, h))}" rx="${f(r)}" ry="${f(r * rng.range(0.6, 1.3))}" fill="url(#${glow})"/>`);
    }
    if (rng.chance(0.6)) {
      const r = Math.min(w, h) * rng.range(0.08, 0.16);
      c.parts.push(`<circle cx="${f(rng.range(w * 0.2, w * 0.8))}" cy="${f(rng.range(h * 0.2, h * 0.8))}" r="${f(r)}" fill="${c.accent()}" opacity="0.9"/>`);
    }
  },

  /** Stacked sine waves, filled to the bottom edge. */
  waves(c) {
    const { width: w, height: h, rng } = c;
    const layers = rng.int(3, 6);
    for (let i = 0; i < layers; i++) {
      const base = h * (0.35 + (0.55 * i) / layers);
      const amplitude = h * rng.range(0.03, 0.1);
      const cycles = rng.range(1, 3.5);
      const phase = rng.range(0, Math.PI * 2);
      const points: string[] = [];
      for (let x = 0; x <= w; x += w / 48) points.push(`${f(x)},${f(base + amplitude * Math.sin((x / w) * cycles * Math.PI * 2 + phase))}`);
      c.parts.push(`<polygon points="0,${h} ${points.join(' ')} ${w},${h}" fill="${c.accent()}" opacity="${f(rng.range(0.45, 0.8))}"/>`);
    }
  },

  /** Sharp triangles, like broken glass or a logo stamp. */
  shards(c) {
    const { width: w, height: h, rng } = c;
    const count = rng.int(6, 11);
    for (let i = 0; i < count; i++) {
      const cx = rng.range(w * 0.1, w * 0.9);
      const cy = rng.range(h * 0.1, h * 0.9);
      const size = Math.min(w, h) * rng.range(0.25, 0.6);
      // Three corners at spread-out angles, so each shard is a real triangle, not a sliver.
      const start = rng.range(0, Math.PI * 2);
      const points = [0, 1, 2].map((k) => {
        const angle = start + (k * Math.PI * 2) / 3 + rng.range(-0.5, 0.5);
        const reach = size * rng.range(0.4, 1);
        return `${f(cx + Math.cos(angle) * reach)},${f(cy + Math.sin(angle) * reach)}`;
      });
      const stroke = rng.chance(0.3);
      c.parts.push(
        stroke
          ? `<polygon points="${points.join(' ')}" fill="none" stroke="${c.accent()}" stroke-width="${f(rng.range(3, 8))}" opacity="0.9"/>`
          : `<polygon points="${points.join(' ')}" fill="${c.accent()}" opacity="${f(rng.range(0.45, 0.9))}"/>`,
      );
    }
  },

  /** A band of diagonal stripes crossing a solid disc. */
  stripes(c) {
    const { width: w, height: h, rng } = c;
    const r = Math.min(w, h) * rng.range(0.2, 0.32);
    c.parts.push(`<circle cx="${f(w * rng.range(0.3, 0.7))}" cy="${f(h * rng.range(0.3, 0.7))}" r="${f(r)}" fill="${c.accent()}"/>`);
    const angle = rng.pick([-45, -30, 30, 45, 60]);
    const width = Math.max(w, h) * rng.range(0.02, 0.05);
    const gap = width * rng.range(1.5, 3);
    const stripes: string[] = [];
    for (let x = -Math.max(w, h); x < Math.max(w, h) * 2; x += width + gap) stripes.push(`<rect x="${f(x)}" y="${f(-h)}" width="${f(width)}" height="${h * 3}" fill="${c.accent()}"/>`);
    c.parts.push(`<g opacity="${f(rng.range(0.5, 0.85))}" transform="rotate(${angle} ${f(w / 2)} ${f(h / 2)})">${stripes.join('')}</g>`);
  },
};

function draw(width: number, height: number, rng: Rng, genre: DemoGenre, motifs: readonly Motif[] = MOTIFS[genre]): string {
  const canvas = new Canvas(width, height, rng, rng.pick(PALETTES[genre]));
  background(canvas);
  DRAW[rng.pick(motifs)](canvas);
  vignette(canvas);
  return canvas.svg();
}

/** The cover of a demo track (600×600), from the track's own seed. */
export function demoCoverSvg(spec: Pick<DemoTrackSpec, 'seed' | 'genre'>): string {
  return draw(600, 600, new Rng(spec.seed).fork(COVER_SALT), spec.genre);
}

/** FNV-1a of the artist's key: the seed of the artist's pictures. */
function artistSeed(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** An artist's avatar (400×400) in the palette of their main genre. */
export function demoAvatarSvg(artist: Pick<DemoArtist, 'key'>, genre: DemoGenre): string {
  return draw(400, 400, new Rng(artistSeed(artist.key)).fork(AVATAR_SALT), genre, ['rings', 'blobs', 'shards']);
}

/** An artist's banner (1600×600) in the palette of their main genre. */
export function demoBannerSvg(artist: Pick<DemoArtist, 'key'>, genre: DemoGenre): string {
  return draw(1600, 600, new Rng(artistSeed(artist.key)).fork(BANNER_SALT), genre, ['waves', 'blobs', 'stripes', 'sun']);
}
