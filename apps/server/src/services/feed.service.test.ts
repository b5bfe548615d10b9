import { describe, expect, it } from 'vitest';
import { feedLanguage } from './feed.service.js';

describe('feedLanguage', () => {
  it('says Russian when most letters people wrote are Cyrillic, English otherwise', () => {
    expect(feedLanguage(['Аня', 'Ночная поездка', 'Песня о лете'])).toBe('ru');
    expect(feedLanguage(['Ann', 'Night drive', 'Summer song'])).toBe('en');
    expect(feedLanguage(['Аня', 'Night drive', 'Summer song'])).toBe('en');
    expect(feedLanguage(['', '🎧 123'])).toBe('en');
  });
});
