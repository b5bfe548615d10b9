// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredLanguage } from '../../i18n/i18n';
import { i18n } from '../../testing/i18n';
import { switchLanguage } from './language';

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('switchLanguage', () => {
  it('loads the new language only when it is chosen, then applies it at once and remembers it under "language"', async () => {
    // Started in English (jsdom's browser language): the Russian strings are not loaded yet.
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('ru', 'translation')).toBe(false);

    await switchLanguage('ru');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('search.placeholder')).toBe('Найти треки, исполнителей, альбомы...');
    // The info pages' documents were loaded in English (testing/i18n.ts), so the switch brought theirs too.
    expect(i18n.t('termsOfService.title', { ns: 'documents' })).toBe('Условия использования');
    expect(localStorage.getItem('language')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(readStoredLanguage()).toBe('ru');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem('language', 'de');
    expect(readStoredLanguage()).toBeNull();
  });
});
