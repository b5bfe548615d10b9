/**
 * Search across scripts: what a title, an artist's name or tags are indexed as, so that the Latin
 * "kira" finds "Кира Север" and the Cyrillic "хаос" finds "Khaos", with every read still one LIKE
 * on the same trigram index (SQLite FTS5, PostgreSQL pg_trgm). The query is NOT expanded into
 * variants: the indexed text carries them.
 *
 * A small table of our own rather than a package: the npm ones transliterate one way (Cyrillic →
 * Latin: iuliia, cyrillic-to-latin) or one scheme per call with a naive reverse
 * (cyrillic-to-translit-js), whereas matching needs both directions and the two ways people
 * actually type Russian in Latin letters. So Cyrillic text is indexed with two Latin spellings:
 *
 * - ICAO Doc 9303 (the passport scheme, 2013; Russia's since 2014): х kh, ж zh, ц ts, ч ch, ш sh,
 *   щ shch, й i, ы y, ъ ie, ь dropped, ю iu, я ia, ё e;
 * - the informal one of chats, lyrics sites and GOST 7.79 B's neighbours: х h, й y, щ sch, ю yu,
 *   я ya, ё yo, ц c (and ts via ICAO).
 *
 * Latin text is indexed with one Cyrillic spelling, digraphs first (shch sch щ, kh ж zh ch sh ts yu
 * ya yo ye), then letter by letter (c к, h х, w в, x кс, q к, y ы, or й after a vowel). Each
 * variant is added only when it differs from the text, so Latin-only and Cyrillic-only text grows
 * by one or two spellings, and text with neither (digits, other scripts) not at all.
 */

const ICAO: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r',
  с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: 'ie', ы: 'y', ь: '', э: 'e', ю: 'iu', я: 'ia',
  // Ukrainian and Belarusian letters, ICAO too.
  є: 'ie', і: 'i', ї: 'i', ґ: 'g', ў: 'u',
};

/** The informal spelling: only where it differs from ICAO. */
const INFORMAL: Record<string, string> = { ...ICAO, ё: 'yo', й: 'y', х: 'h', ц: 'c', щ: 'sch', ъ: '', ю: 'yu', я: 'ya', є: 'ye', ї: 'yi' };

/** Latin → Cyrillic, longest first. */
const LATIN_DIGRAPHS: Array<[string, string]> = [
  ['shch', 'щ'], ['sch', 'щ'], ['zh', 'ж'], ['kh', 'х'], ['ch', 'ч'], ['sh', 'ш'], ['ts', 'ц'], ['yu', 'ю'], ['ya', 'я'], ['yo', 'ё'], ['ye', 'е'], ['iu', 'ю'], ['ia', 'я'],
];
const LATIN: Record<string, string> = {
  a: 'а', b: 'б', c: 'к', d: 'д', e: 'е', f: 'ф', g: 'г', h: 'х', i: 'и', j: 'й', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о', p: 'п', q: 'к', r: 'р',
  s: 'с', t: 'т', u: 'у', v: 'в', w: 'в', x: 'кс', z: 'з',
};
const VOWELS = new Set([...'aeiouy']);

const CYRILLIC = /[\u0400-\u04ff]/;
const LATIN_LETTER = /[a-z]/;

function cyrillicToLatin(text: string, table: Record<string, string>): string {
  let out = '';
  for (const ch of text) out += table[ch] ?? ch;
  return out;
}

function latinToCyrillic(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const digraph = LATIN_DIGRAPHS.find(([latin]) => text.startsWith(latin, i));
    if (digraph) {
      out += digraph[1];
      i += digraph[0].length;
      continue;
    }
    const ch = text[i]!;
    if (ch === 'y') out += i > 0 && VOWELS.has(text[i - 1]!) ? 'й' : 'ы';
    else out += LATIN[ch] ?? ch;
    i += 1;
  }
  return out;
}

/** The other-script spellings of lower-cased text (none when it has neither Cyrillic nor Latin letters), each different from it and from each other. */
export function transliterations(lower: string): string[] {
  const variants: string[] = [];
  if (CYRILLIC.test(lower)) variants.push(cyrillicToLatin(lower, ICAO), cyrillicToLatin(lower, INFORMAL));
  if (LATIN_LETTER.test(lower)) variants.push(latinToCyrillic(lower));
  return [...new Set(variants)].filter((v) => v !== lower);
}

/**
 * What search matches against: the text lower-cased (JS lower-casing handles Cyrillic and other
 * non-ASCII letters), then its transliterations, space-separated. A query is lower-cased only.
 */
export function searchForm(text: string): string {
  const lower = text.toLowerCase();
  return [lower, ...transliterations(lower)].join(' ');
}
