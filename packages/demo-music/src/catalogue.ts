/**
 * The demo catalogue: artists and track specs that Platter generates on first
 * start. Everything here is static or derived from fixed seeds, so the same
 * catalogue (and, through `renderTrack`, the same audio) is produced on every
 * machine.
 */

export type DemoGenre = 'Rap' | 'Hip-Hop' | 'Trap' | 'Pop' | 'Phonk' | 'Dance' | 'Other';

export interface DemoArtist {
  key: string;
  displayName: string;
  bio: string;
  status: 'creator' | 'artist' | 'premium' | 'user';
  /** The artist's posts, newest first (News shows them to followers, and creators' to everyone). */
  posts: readonly string[];
  /** The title of the artist's demo release: their first few demo tracks (an EP, or a single of one). */
  releaseTitle: string;
}

/** How many of an artist's first demo tracks make their demo release. */
export const DEMO_RELEASE_TRACKS = 3;

export interface DemoTrackSpec {
  key: string;
  title: string;
  genre: DemoGenre;
  artistKey: string;
  seed: number;
  bpm: number;
  durationSec: number;
}

export const DEMO_GENRES: readonly DemoGenre[] = ['Rap', 'Hip-Hop', 'Trap', 'Pop', 'Phonk', 'Dance', 'Other'];

export const DEMO_ARTISTS: readonly DemoArtist[] = [
  {
    key: 'northside-kairo',
    displayName: 'Northside Kairo',
    bio: 'Boom-bap storyteller raised on dusty breaks and late-night cyphers. Runs the Platter beat club.',
    status: 'creator',
    posts: [
      'Beat club tonight: bring a break, leave with a verse.',
      'The new EP “Crate Diggers” is up. Three tracks, all sampled from records my uncle left behind.',
      'Still think the best drums live in dusty crates.',
    ],
    releaseTitle: 'Crate Diggers',
  },
  {
    key: 'lil-sable',
    displayName: 'Lil Sable',
    bio: 'Trap producer and rapper. Rolling hats, sliding 808s, no sleep.',
    status: 'artist',
    posts: [
      '808s sliding all night: this one is for the night shift.',
      'Studio till sunrise again. Who is listening?',
    ],
    releaseTitle: 'Night Shift',
  },
  {
    key: 'drift-koma',
    displayName: 'DRIFT KOMA',
    bio: 'Phonk from the parking lot: cowbells, distorted 808s and Memphis samples chopped into dust.',
    status: 'premium',
    posts: [
      'Cowbells up. New phonk drop for the parking lot.',
      'Tape deck died mid-session. Kept the take anyway.',
    ],
    releaseTitle: 'Parking Lot Tapes',
  },
  {
    key: 'velvet-static',
    displayName: 'Velvet Static',
    bio: 'Bedroom pop duo writing bright four-chord songs about small towns and big feelings.',
    status: 'artist',
    posts: [
      'We wrote “Small Town Static” in one weekend. Hope it feels like summer.',
      'Thank you for every play: it means the world to two kids with a keyboard.',
    ],
    releaseTitle: 'Small Town Static',
  },
  {
    key: 'neon-pulse-unit',
    displayName: 'Neon Pulse Unit',
    bio: 'Club-focused producer collective: four on the floor and offbeat hats by night, ambient drift by day.',
    status: 'creator',
    posts: [
      'Warehouse set recorded live: four on the floor, no breaks.',
      'Ambient mornings, club nights. Both are on the new EP.',
      'Who is coming to the open air?',
    ],
    releaseTitle: 'After Hours',
  },
  {
    key: 'kira-sever',
    displayName: 'Кира Север',
    bio: 'Рэп-исполнительница из Мурманска. Холодные биты, тёплые строки. Russian-language rap and phonk.',
    status: 'premium',
    posts: [
      'Новый релиз «Полярная ночь» уже здесь. Холодно снаружи, тепло внутри.',
      'Мурманск, спасибо за поддержку!',
    ],
    releaseTitle: 'Полярная ночь',
  },
  {
    key: 'marlowe-haze',
    displayName: 'Marlowe & the Haze',
    bio: 'Lo-fi beats, ambient sketches and funky loops recorded on a borrowed tape deck.',
    status: 'artist',
    posts: [
      'Borrowed tape deck, borrowed time. New loops are up.',
      'Lo-fi for your study session, made on a rainy Sunday.',
    ],
    releaseTitle: 'Borrowed Tape',
  },
  {
    key: 'basement-theory',
    displayName: 'Basement Theory',
    bio: 'Hobbyist beatmaker uploading weekend experiments between shifts.',
    status: 'user',
    posts: [
      'Weekend experiments, uploaded between shifts.',
      'First release ever. Be kind.',
    ],
    releaseTitle: 'Between Shifts',
  },
];

/** Which artists release which genres (1-3 genres each). */
const GENRE_ARTISTS: Record<DemoGenre, readonly string[]> = {
  Rap: ['northside-kairo', 'lil-sable', 'kira-sever'],
  'Hip-Hop': ['northside-kairo', 'marlowe-haze', 'basement-theory'],
  Trap: ['lil-sable', 'drift-koma'],
  Pop: ['velvet-static'],
  Phonk: ['drift-koma', 'kira-sever'],
  Dance: ['neon-pulse-unit', 'velvet-static'],
  Other: ['marlowe-haze', 'neon-pulse-unit', 'basement-theory'],
};

/** Tempo range per genre; Trap and Phonk are felt in half time by the synth. */
const GENRE_BPM: Record<DemoGenre, readonly [number, number]> = {
  Rap: [84, 94],
  'Hip-Hop': [85, 95],
  Trap: [136, 146],
  Pop: [100, 120],
  Phonk: [128, 140],
  Dance: [120, 128],
  Other: [72, 104],
};

/**
 * Titles per genre. The number of titles fixes how many tracks each genre gets
 * (100 in total). A few are Cyrillic so search is exercised with Russian text.
 */
const GENRE_TITLES: Record<DemoGenre, readonly string[]> = {
  Rap: [
    'Concrete Psalms', 'Paper Crowns', 'Ночной город', 'Ledger Lines', 'Block Radio',
    'Rent Day', 'Northbound', 'Fine Print', 'Холодный расчёт', 'Corner Store Prophets',
    'Ink & Asphalt', 'Verse Nine', 'Last Train Home', 'Talk Is Cheap', 'Двор',
    'Uptown Static',
  ],
  'Hip-Hop': [
    'Dusty Fingers', 'Crates & Coffee', 'Sunday Cypher', 'Golden Era Tape', 'Backpack Weather',
    'Vinyl Crackle', 'Neighborhood Watch', 'Stoop Sessions', 'Мы отсюда', 'Break It Down Slow',
    'Porch Light', 'Old Soul', 'Head Nod Theory', 'Brick by Brick', 'Sample Clearance',
  ],
  Trap: [
    'Ice Cold Motion', 'Drip Protocol', 'No Ceiling', 'Night Shift Money', 'Glock Hours',
    'Phantom Wraith', 'Бриллианты', 'Smoke Signals', 'Vault', 'Red Eye Flight',
    'Stack It Up', 'Rooftop Plans', 'Zero Gravity', 'Молния', 'Pressure Point',
    'Sliding Doors',
  ],
  Pop: [
    'Summer on Repeat', 'Paper Hearts', 'Polaroid', 'Lemonade Sky', 'Best Friends Forever',
    'Late Bloom', 'Летний дождь', 'Satellite Kiss', 'Hometown Lights', 'Glow',
  ],
  Phonk: [
    'Memphis Drift', 'Cowbell Requiem', 'Tokyo Outrun', 'Midnight Drift King', 'Дрифт',
    'Hellcat', 'Sodium Lights', 'Blackout Boulevard', 'Ghost Mode', 'Чёрная Волга',
    'Smoke Chamber', 'Tape Deck Demon', 'Redline', 'Шторм', 'Brake Dust',
  ],
  Dance: [
    'Dancefloor Gravity', 'Strobe Hearts', 'Night Bus to Berlin', 'Hands Up', 'Warehouse 7',
    'Afterglow', 'Танцуй', 'Circuit Breaker', 'Sunrise Set', 'Pulse Check',
    'Mirrorball', 'Deep End', 'Open Air', 'Neon Cathedral',
  ],
  Other: [
    'Rain on the Window', 'Slow Orbit', 'Funk Fountain', 'Study Session', 'Северное сияние',
    'Sunday Groove', 'Tape Hiss Lullaby', 'Cloud Library', 'Brass Tacks', 'Window Seat',
    'Тишина', 'Greasy Pocket', 'Paper Lanterns', 'Ambient Drift',
  ],
};

/**
 * 'Other' covers lo-fi (72-83 bpm), ambient (84-94) and funk (95-104); the
 * synth picks the style from the tempo, so each title gets the tempo band
 * that fits its mood.
 */
const OTHER_BPM: Record<string, readonly [number, number]> = {
  'Rain on the Window': [72, 83],
  'Study Session': [72, 83],
  'Tape Hiss Lullaby': [72, 83],
  'Window Seat': [72, 83],
  'Paper Lanterns': [72, 83],
  'Slow Orbit': [84, 94],
  'Северное сияние': [84, 94],
  'Cloud Library': [84, 94],
  'Тишина': [84, 94],
  'Ambient Drift': [84, 94],
  'Funk Fountain': [95, 104],
  'Sunday Groove': [95, 104],
  'Brass Tacks': [95, 104],
  'Greasy Pocket': [95, 104],
};

/** mulberry32 step used only to derive per-track numbers from the track index. */
function hash32(n: number): number {
  let t = (n + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/**
 * The ~100 demo tracks. Genres are interleaved so a partially generated
 * catalogue already shows a mix of genres.
 */
export function demoTrackSpecs(): DemoTrackSpec[] {
  const queues = DEMO_GENRES.map((genre) => ({ genre, titles: [...GENRE_TITLES[genre]], taken: 0 }));
  const specs: DemoTrackSpec[] = [];
  while (queues.some((q) => q.taken < q.titles.length)) {
    for (const q of queues) {
      const title = q.titles[q.taken];
      if (title === undefined) continue;
      const artists = GENRE_ARTISTS[q.genre];
      const artistKey = artists[q.taken % artists.length]!;
      q.taken++;
      const index = specs.length + 1;
      const seed = hash32(index * 7919);
      const [bpmMin, bpmMax] = OTHER_BPM[title] ?? GENRE_BPM[q.genre];
      specs.push({
        key: `demo-${String(index).padStart(3, '0')}`,
        title,
        genre: q.genre,
        artistKey,
        seed,
        bpm: bpmMin + (hash32(seed) % (bpmMax - bpmMin + 1)),
        durationSec: 30 + (hash32(seed ^ 0x9e3779b9) % 31),
      });
    }
  }
  return specs;
}
