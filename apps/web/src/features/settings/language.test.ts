// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, readStoredLanguage } from '../../i18n/i18n';
import { switchLanguage } from './language';

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('switchLanguage', () => {
  it('applies the language at once and remembers it under "language"', async () => {
    await switchLanguage('ru');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('search.placeholder')).toBe('Найти треки, исполнителей, альбомы...');
    expect(localStorage.getItem('language')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(readStoredLanguage()).toBe('ru');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem('language', 'de');
    expect(readStoredLanguage()).toBeNull();
  });
});
