import { describe, expect, it } from 'vitest';
import { searchForm, transliterations } from './transliteration.js';

describe('transliteration for search (Cyrillic ↔ Latin)', () => {
  it('spells Cyrillic text in Latin letters the passport way (ICAO Doc 9303) and the informal way', () => {
    expect(transliterations('кира север')).toEqual(['kira sever']);
    expect(transliterations('хаос')).toEqual(['khaos', 'haos']);
    expect(transliterations('щука и ёжик')).toEqual(['shchuka i ezhik', 'schuka i yozhik']);
    expect(transliterations('юля')).toEqual(['iulia', 'yulya']);
  });

  it('spells Latin text in Cyrillic letters, digraphs first', () => {
    expect(transliterations('kira sever')).toEqual(['кира север']);
    expect(transliterations('khaos')).toEqual(['хаос']);
    expect(transliterations('haos')).toEqual(['хаос']);
    expect(transliterations('sergey zhukov')).toEqual(['сергей жуков']);
    expect(transliterations('shchedrin')).toEqual(['щедрин']);
  });

  it('adds nothing to text with no letters of either script, and both ways to mixed text', () => {
    expect(transliterations('1984 — 2024')).toEqual([]);
    expect(transliterations('東京')).toEqual([]);
    expect(transliterations('кино live')).toEqual(['kino live', 'кино ливе']);
  });

  it('indexes the lower-cased text first, then its spellings', () => {
    expect(searchForm('Кира Север')).toBe('кира север kira sever');
    expect(searchForm('Drift Mode')).toBe('drift mode дрифт моде');
    // What a Latin query finds in it, and a Cyrillic one.
    expect(searchForm('Кира Север')).toContain('kira');
    expect(searchForm('Хаос')).toContain('haos');
    expect(searchForm('Khaos')).toContain('хаос');
  });
});
