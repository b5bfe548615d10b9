import { describe, expect, it } from 'vitest';
import enDocuments from './documents/en.json';
import ruDocuments from './documents/ru.json';
import en from './en.json';
import ru from './ru.json';
import { detectLanguage } from './i18n';

type Tree = { [key: string]: string | Tree };

/** Leaf keys with plural suffixes folded, since Russian has more plural forms than English. */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    return typeof value === 'string' ? [path] : keys(value, `${path}.`);
  });
}

describe('translations', () => {
  it('ru has exactly the keys of en', () => {
    expect([...new Set(keys(ru))].sort()).toEqual([...new Set(keys(en))].sort());
  });

  it('the documents of the info pages too', () => {
    expect([...new Set(keys(ruDocuments))].sort()).toEqual([...new Set(keys(enDocuments))].sort());
  });

  it('keeps the spec texts', () => {
    expect(ru.player.unknownTrack).toBe('Неизвестный трек');
    expect(ru.upload.chooseFile).toBe('Выберите файл');
    expect(ru.upload.success).toBe('Трек успешно загружен!');
    // The spec's text, less 'Проверьте консоль.': the reason itself follows it now (the upload form says why it failed).
    expect(ru.upload.failed).toBe('Ошибка загрузки трека.');
    expect(en.player.unknownArtist).toBe('Unknown Artist');
    expect(en.image.error).toBe('Error loading image');
  });
});

describe('detectLanguage', () => {
  it('picks Russian for any ru-* browser language', () => {
    expect(detectLanguage(['ru'])).toBe('ru');
    expect(detectLanguage(['ru-RU', 'en'])).toBe('ru');
    expect(detectLanguage(['RU-ru'])).toBe('ru');
  });

  it('falls back to English', () => {
    expect(detectLanguage(['en-US', 'ru'])).toBe('en');
    expect(detectLanguage(['de'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
    expect(detectLanguage(undefined)).toBe('en');
  });
});
