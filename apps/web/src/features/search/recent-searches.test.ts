import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  parseRecentSearches,
  readRecentSearches,
  recentSearchesKey,
  writeRecentSearches,
} from './recent-searches';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('recent searches', () => {
  it('are kept per user, with guest for a signed-out listener', () => {
    expect(recentSearchesKey('u1')).toBe('recentSearches_u1');
    expect(recentSearchesKey(null)).toBe('recentSearches_guest');
  });

  it('put the newest first, trimmed, and move a repeated search up instead of duplicating it', () => {
    let list = addRecentSearch([], '  night  drive ');
    list = addRecentSearch(list, 'rain');
    list = addRecentSearch(list, 'NIGHT drive');
    expect(list).toEqual(['NIGHT drive', 'rain']);
    expect(addRecentSearch(list, '   ')).toEqual(list);
  });

  it('keep at most 10', () => {
    let list: string[] = [];
    for (let i = 1; i <= 12; i += 1) list = addRecentSearch(list, `q${i}`);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('q12');
    expect(list.at(-1)).toBe('q3');
  });

  it('fall back to none when the stored value is unreadable', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('{not json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(parseRecentSearches('["a", 2, "", "b"]')).toEqual(['a', 'b']);
  });

  it('round-trip through storage under the user key, separately per user', () => {
    const storage = memoryStorage();
    writeRecentSearches('u1', ['a', 'b'], storage);
    writeRecentSearches('u2', ['c'], storage);
    expect(readRecentSearches('u1', storage)).toEqual(['a', 'b']);
    expect(readRecentSearches('u2', storage)).toEqual(['c']);
    expect(readRecentSearches(null, storage)).toEqual([]);
    writeRecentSearches('u1', [], storage);
    expect(storage.data.has('recentSearches_u1')).toBe(false);
  });
});
