import { describe, expect, it } from 'vitest';
import { acceptCopyright, hasAcceptedCopyright } from './copyright-acceptance';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe('copyright acceptance', () => {
  it('is not accepted until acceptedCopyright is exactly "true"', () => {
    expect(hasAcceptedCopyright(memoryStorage())).toBe(false);
    expect(hasAcceptedCopyright(memoryStorage({ acceptedCopyright: '1' }))).toBe(false);
    expect(hasAcceptedCopyright(memoryStorage({ acceptedTerms: 'true' }))).toBe(false);
    expect(hasAcceptedCopyright(memoryStorage({ acceptedCopyright: 'true' }))).toBe(true);
  });

  it('accepting stores acceptedCopyright = "true"', () => {
    const storage = memoryStorage();
    acceptCopyright(storage);
    expect(storage.data.get('acceptedCopyright')).toBe('true');
  });

  it('a storage that throws counts as not accepted', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(hasAcceptedCopyright(broken)).toBe(false);
  });
});
