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

/** n distinct seeded UUIDs in ascending order. */
export function ascendingIds(random: () => number, n: number): string[] {
  return Array.from({ length: n }, () => seededUuid(random)).sort();
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

/** A syllable-made word; `rareWord(i)` for i in [0, RARE_WORDS) are distinct and in no other list. */
const SYLLABLES = 'ka ri mo zu te vo na shi lu pe xa qi do fe gu ry bo ce jo wa'.split(' ');
export const RARE_WORDS = 20_000;
export function rareWord(index: number): string {
  // Spread over all 20^4 syllable strings (7919 is prime to 20), so no syllable ends most of them.
  let n = (index * 7919) % SYLLABLES.length ** 4;
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

/** A title of one to four words: English, sometimes Cyrillic, a quarter with COMMON_WORD, some with a rare word. */
export function drawTitle(random: () => number): string {
  const cyrillic = random() < 0.15;
  const words: string[] = [];
  const n = 1 + Math.floor(random() * 3);
  for (let i = 0; i < n; i++) words.push(pick(random, cyrillic ? CYRILLIC : ENGLISH));
  if (random() < 0.25) words.splice(Math.floor(random() * (words.length + 1)), 0, COMMON_WORD);
  if (random() < 0.3) words.push(rareWord(Math.floor(random() * RARE_WORDS)));
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
