/**
 * The synthetic catalogue's vocabulary and randomness: a seeded generator (the same --seed gives
 * the same catalogue), English and Cyrillic words and names, and the skewed draws that make a few
 * artists, tracks and playlists very large, as on a real service.
 */
import { GENRES, type Genre } from '@platter/shared';

/** mulberry32: small, fast and good enough for test data; never for anything secret. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (random: () => number, digits: number) => Math.floor(random() * 16 ** digits).toString(16).padStart(digits, '0');

/** A version-4-shaped UUID drawn from `random`, so ids look like the ones Platter makes. */
export function seededUuid(random: () => number): string {
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${variant}${hex(random, 3)}-${hex(random, 6)}${hex(random, 6)}`;
}

/**
 * n seeded UUIDs in ascending order, the same ones `seededUuid` draws in turn, kept as numbers
 * and written out one at a time by `get`: ten million UUIDs as strings (each a tree of the
 * template's pieces) took more than Node's 4 GB heap (bench/seed.md).
 */
export class AscendingIds {
  readonly length: number;
  // Every part of a UUID has a fixed number of hex digits, so comparing (high, middle, low) as
  // numbers orders them as their text sorts: high = the first 8 + 4 digits, middle = the 3 after
  // the version's 4, the variant and 3 more, low = the last 12.
  private readonly high: Float64Array;
  private readonly middle: Float64Array;
  private readonly low: Float64Array;

  constructor(random: () => number, n: number) {
    this.length = n;
    const high = new Float64Array(n);
    const middle = new Float64Array(n);
    const low = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      // Drawn in seededUuid's order: the variant, then the digits from left to right.
      const variant = Math.floor(random() * 4);
      const a = Math.floor(random() * 16 ** 8);
      const b = Math.floor(random() * 16 ** 4);
      const c = Math.floor(random() * 16 ** 3);
      const d = Math.floor(random() * 16 ** 3);
      const e = Math.floor(random() * 16 ** 6);
      const f = Math.floor(random() * 16 ** 6);
      high[i] = a * 2 ** 16 + b;
      middle[i] = c * 2 ** 14 + variant * 2 ** 12 + d;
      low[i] = e * 2 ** 24 + f;
    }
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((x, y) => high[x]! - high[y]! || middle[x]! - middle[y]! || low[x]! - low[y]!);
    this.high = Float64Array.from(order, (i) => high[i]!);
    this.middle = Float64Array.from(order, (i) => middle[i]!);
    this.low = Float64Array.from(order, (i) => low[i]!);
  }

  /** The i-th id in ascending order. */
  get(i: number): string {
    const high = this.high[i]!;
    const middle = this.middle[i]!;
    const low = this.low[i]!;
    const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
    return (
      `${hex(Math.floor(high / 2 ** 16), 8)}-${hex(high % 2 ** 16, 4)}-4${hex(Math.floor(middle / 2 ** 14), 3)}-` +
      `${(8 + Math.floor((middle % 2 ** 14) / 2 ** 12)).toString(16)}${hex(middle % 2 ** 12, 3)}-${hex(Math.floor(low / 2 ** 24), 6)}${hex(low % 2 ** 24, 6)}`
    );
  }
}

export function ascendingIds(random: () => number, n: number): AscendingIds {
  return new AscendingIds(random, n);
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The word in about a quarter of all titles: what a "common word" search looks for. */
export const COMMON_WORD = 'love';

// No word here contains COMMON_WORD, so its share of titles is exactly the chance it is drawn with.
const ENGLISH = (
  'night city dream fire rain summer shadow light heart gold money street moon star ocean river drift ' +
  'wave neon echo storm ghost angel devil sky road home dance party bass drop beat rhythm flow vibe ' +
  'midnight morning sunset sunrise winter autumn spring highway desert island forest mountain velvet ' +
  'silver crystal diamond paper glass stone iron smoke thunder lightning blue red black white purple ' +
  'golden wild lost found broken falling rising running hiding burning frozen electric cosmic lonely ' +
  'sweet bitter slow fast young old new last first secret hidden open closed empty full crazy lucky ' +
  'magic royal savage gentle heavy deep high low far close back forever never always tonight tomorrow ' +
  'yesterday memory story letter promise mirror window door garden kingdom empire machine robot signal ' +
  'radio satellite rocket planet galaxy orbit gravity motion emotion tension pressure control freedom ' +
  'paradise heaven chaos karma fever venom poison honey sugar candy cherry lemon velvet jungle tiger'
).split(' ');

const CYRILLIC = (
  'ночь город мечта огонь дождь лето тень свет сердце золото улица луна звезда море река волна небо ' +
  'дорога дом танец бит ритм полночь утро закат рассвет зима осень весна пустыня остров лес гора ' +
  'серебро кристалл бумага стекло камень дым гром молния синий красный чёрный белый дикий потерянный ' +
  'сломанный горячий холодный тихий быстрый новый последний первый тайна память история письмо ' +
  'зеркало окно сад машина сигнал радио ракета планета галактика свобода рай хаос мёд сахар вишня'
).split(' ');

const FIRST_NAMES = (
  'Alex Sam Max Kira Lena Mia Nova Zoe Leo Ivan Anna Maria Olga Dmitri Sasha Nika Yuri Vera Oleg Eva ' +
  'Liam Noah Emma Ava Lucas Mason Ethan Chloe Ruby Jade Omar Ali Sara Tim Tom Ben Kai Luca Nina Dina'
).split(' ');
const LAST_NAMES = (
  'Smith Stone Black Rivers Knight Fox Wolf Hale Cross Vega Ray Moon Storm Lane Page Wells Frost ' +
  'Orlov Ivanov Petrova Smirnov Volkov Sokolova Morozov Lebedev Kozlov Novak Popova Belov Zaitsev'
).split(' ');
const CYRILLIC_NAMES = 'Алиса Борис Вера Глеб Дарья Егор Жанна Зоя Илья Кира Лев Мира Ника Олег Полина Роман Соня Тимур Ульяна Фёдор'.split(' ');
const CYRILLIC_LAST = 'Иванов Смирнова Кузнецов Попова Соколов Лебедева Козлов Новикова Морозов Волкова Орлов Белова'.split(' ');
const STAGE_PREFIXES = ['DJ', 'MC', 'Lil', 'Big', 'Young', 'King', 'Queen', 'Dr.'];

/** A syllable-made word; `rareWord(i)` for i in [0, MAX_RARE_WORDS) are distinct and in no other list. */
const SYLLABLES = 'ka ri mo zu te vo na shi lu pe xa qi do fe gu ry bo ce jo wa'.split(' ');
export const RARE_WORDS = 20_000;
const MAX_RARE_WORDS = SYLLABLES.length ** 4;
/**
 * How many rare words a catalogue of `tracks` draws from: 20,000 up to a million tracks (each in
 * about 15 titles, as the benches' "rare word" expects), then more, so that a rare word stays in
 * 15–19 titles at ten million instead of 150 (the growth table compares the same read).
 */
export function rareWordsFor(tracks: number): number {
  return Math.min(MAX_RARE_WORDS, Math.max(RARE_WORDS, Math.round((tracks * 0.3) / 15)));
}
export function rareWord(index: number): string {
  // Spread over all 20^4 syllable strings (7919 is prime to 20), so no syllable ends most of them.
  let n = (index * 7919) % MAX_RARE_WORDS;
  let word = '';
  for (let i = 0; i < 4; i++) {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return `${word}x`;
}

const GENRE_WEIGHTS: Array<[Genre, number]> = [
  ['Rap', 0.22],
  ['Hip-Hop', 0.18],
  ['Trap', 0.14],
  ['Pop', 0.16],
  ['Phonk', 0.1],
  ['Dance', 0.12],
  ['Other', 0.08],
];

export function drawGenre(random: () => number): Genre {
  let r = random();
  for (const [genre, weight] of GENRE_WEIGHTS) {
    if (r < weight) return genre;
    r -= weight;
  }
  return GENRES[GENRES.length - 1]!;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A title of one to four words: English, sometimes Cyrillic, a quarter with COMMON_WORD, some with one of `rareWords` rare words. */
export function drawTitle(random: () => number, rareWords = RARE_WORDS): string {
  const cyrillic = random() < 0.15;
  const words: string[] = [];
  const n = 1 + Math.floor(random() * 3);
  for (let i = 0; i < n; i++) words.push(pick(random, cyrillic ? CYRILLIC : ENGLISH));
  if (random() < 0.25) words.splice(Math.floor(random() * (words.length + 1)), 0, COMMON_WORD);
  if (random() < 0.3) words.push(rareWord(Math.floor(random() * rareWords)));
  return capitalise(words.join(' '));
}

export function drawArtistName(random: () => number, index: number): string {
  const r = random();
  if (r < 0.15) return `${pick(random, CYRILLIC_NAMES)} ${pick(random, CYRILLIC_LAST)}`;
  if (r < 0.35) return `${pick(random, STAGE_PREFIXES)} ${capitalise(pick(random, ENGLISH))}${index % 97 === 0 ? ` ${index}` : ''}`;
  return `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
}

export function drawSentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(pick(random, random() < 0.15 ? CYRILLIC : ENGLISH));
  return `${capitalise(out.join(' '))}.`;
}
