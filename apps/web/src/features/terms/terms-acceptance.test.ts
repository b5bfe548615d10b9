import { describe, expect, it } from 'vitest';
import { acceptTerms, hasAcceptedTerms } from './terms-acceptance';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

describe('terms acceptance', () => {
  it('is not accepted until acceptedTerms is exactly "true"', () => {
    expect(hasAcceptedTerms(memoryStorage())).toBe(false);
    expect(hasAcceptedTerms(memoryStorage({ acceptedTerms: 'yes' }))).toBe(false);
    expect(hasAcceptedTerms(memoryStorage({ acceptedTerms: 'true' }))).toBe(true);
  });

  it('accepting stores acceptedTerms = "true"', () => {
    const storage = memoryStorage();
    acceptTerms(storage);
    expect(storage.data.get('acceptedTerms')).toBe('true');
    expect(hasAcceptedTerms(storage)).toBe(true);
  });

  it('a storage that throws counts as not accepted', () => {
    const broken = { getItem: () => { throw new Error('denied'); } };
    expect(hasAcceptedTerms(broken)).toBe(false);
  });
});
