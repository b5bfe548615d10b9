import { describe, expect, it } from 'vitest';
import { i18n } from '../testing/i18n';
import { radioExclude, radioNeedsMore, radioReasonText } from './radio';

const entry = (id: string) => ({ track: { id } });

describe('radio helpers', () => {
  it('excludes the current track first, then the ones before it, then those waiting, each once', () => {
    expect(radioExclude([entry('a'), entry('b'), entry('c'), entry('d'), entry('a')], 2)).toEqual(['c', 'b', 'a', 'd']);
    expect(radioExclude([entry('a')], null)).toEqual(['a']);
  });

  it('asks for more when fewer than three tracks wait after the current one', () => {
    expect(radioNeedsMore(4, 0)).toBe(false);
    expect(radioNeedsMore(4, 1)).toBe(true);
    expect(radioNeedsMore(0, null)).toBe(true);
  });

  it('words each reason, in English and Russian', async () => {
    const t = i18n.getFixedT('en');
    expect(radioReasonText(t, { kind: 'co-listened', seedId: 's', seedTitle: 'Night Drive', detail: null })).toBe('Because you played Night Drive');
    expect(radioReasonText(t, { kind: 'co-liked', seedId: 's', seedTitle: 'Night Drive', detail: null })).toBe('Listeners of Night Drive also liked');
    expect(radioReasonText(t, { kind: 'same-tags', seedId: 's', seedTitle: 'Night Drive', detail: 'lofi' })).toBe('Tagged #lofi');
    expect(radioReasonText(t, { kind: 'same-genre', seedId: null, seedTitle: null, detail: 'Phonk' })).toBe('Same genre: Phonk');
    expect(radioReasonText(t, { kind: 'fresh', seedId: null, seedTitle: null, detail: null })).toBe('New on Platter');
    await i18n.loadLanguages('ru');
    expect(radioReasonText(i18n.getFixedT('ru'), { kind: 'co-listened', seedId: 's', seedTitle: 'Ночь', detail: null })).toBe('Потому что вы слушали Ночь');
  });
});
