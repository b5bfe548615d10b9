import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it('spells bytes out with their plural forms in English', () => {
    expect([0, 1, 2, 850].map((bytes) => formatSize(bytes, 'en'))).toEqual(['0 bytes', '1 byte', '2 bytes', '850 bytes']);
  });

  it('and in Russian', () => {
    expect([0, 1, 2, 5, 21, 850].map((bytes) => formatSize(bytes, 'ru'))).toEqual([
      '0 байт',
      '1 байт',
      '2 байта',
      '5 байт',
      '21 байт',
      '850 байт',
    ]);
  });

  it('uses short kB, MB and GB above a thousand bytes, with one decimal', () => {
    expect([1500, 4_200_000, 1_100_000_000].map((bytes) => formatSize(bytes, 'en'))).toEqual(['1.5 kB', '4.2 MB', '1.1 GB']);
    expect([1500, 4_200_000].map((bytes) => formatSize(bytes, 'ru'))).toEqual(['1,5 кБ', '4,2 МБ']);
  });
});
