/**
 * "Did you mean": corrects each word of a query to the closest word of a vocabulary within a
 * small edit distance (one edit for short words, two for long ones; a swap of neighbours counts
 * as one), preferring the most frequent word on ties.
 */

/** Splits text into lower-case words of letters and digits (any script). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A track's distinct words, as tracks.words holds them on PostgreSQL (the word index of search). */
export function trackWords(searchText: string): string[] {
  return [...new Set(words(searchText))];
}

/** Optimal string alignment distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (prevPrev[j - 2] ?? 0) + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = current;
  }
  return prev[cols - 1] ?? max + 1;
}

/** How many edits a word may be corrected by: none below three letters, two from eight. */
export const allowedEdits = (word: string) => (word.length >= 8 ? 2 : word.length >= 3 ? 1 : 0);

/**
 * The query with its unknown words corrected by `correctWord` (undefined: keep the word), or null
 * when nothing changed. Words are looked up at once, so an asynchronous lookup costs one round.
 */
export async function suggestQuery(query: string, correctWord: (word: string) => Promise<string | undefined> | string | undefined): Promise<string | null> {
  const parts = words(query);
  const fixes = await Promise.all(parts.map((word) => (allowedEdits(word) > 0 ? correctWord(word) : undefined)));
  if (fixes.every((fix) => fix === undefined)) return null;
  return parts.map((word, i) => fixes[i] ?? word).join(' ');
}

export class SpellingIndex {
  private readonly frequency = new Map<string, number>();
  /** Words bucketed by length, so a lookup only compares words of a near length. */
  private readonly byLength = new Map<number, string[]>();

  add(text: string): void {
    for (const word of words(text)) {
      const seen = this.frequency.get(word) ?? 0;
      this.frequency.set(word, seen + 1);
      if (seen === 0) {
        const bucket = this.byLength.get(word.length) ?? [];
        bucket.push(word);
        this.byLength.set(word.length, bucket);
      }
    }
  }

  get size(): number {
    return this.frequency.size;
  }

  /** The closest known word, or undefined when the word is known or nothing is close enough. */
  correctWord(word: string): string | undefined {
    if (this.frequency.has(word)) return undefined;
    const max = allowedEdits(word);
    if (max === 0) return undefined;
    let best: { word: string; distance: number; frequency: number } | undefined;
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const candidate of this.byLength.get(length) ?? []) {
        const distance = editDistance(word, candidate, max);
        if (distance > max) continue;
        const frequency = this.frequency.get(candidate) ?? 0;
        if (!best || distance < best.distance || (distance === best.distance && frequency > best.frequency)) {
          best = { word: candidate, distance, frequency };
        }
      }
    }
    return best?.word;
  }

  /** The query with its unknown words corrected, or null when nothing needed (or allowed) correcting. */
  suggest(query: string): string | null {
    const parts = words(query);
    let changed = false;
    const corrected = parts.map((word) => {
      const fix = this.correctWord(word);
      if (fix) changed = true;
      return fix ?? word;
    });
    return changed ? corrected.join(' ') : null;
  }
}
