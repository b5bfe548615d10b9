import { describe, expect, it } from 'vitest';
import { filesFromDrop, isAudioFile } from './dropped-files';

const file = (name: string, type = '') => new File(['x'], name, { type });
const fileEntry = (f: File) => ({ isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(f) });
/** A directory whose reader answers in batches, then an empty one (as Chromium does). */
const dirEntry = (batches: unknown[][]) => ({
  isFile: false,
  isDirectory: true,
  createReader: () => {
    const left = [...batches, []];
    return { readEntries: (ok: (entries: unknown[]) => void) => ok(left.shift() ?? []) };
  },
});

describe('dropped files', () => {
  it('walks dropped folders (every batch of entries, nested folders too) and keeps loose files', async () => {
    const a = file('01.mp3', 'audio/mpeg');
    const b = file('02.flac');
    const c = file('cover.jpg', 'image/jpeg');
    const d = file('loose.ogg', 'audio/ogg');
    const folder = dirEntry([[fileEntry(a)], [fileEntry(b), dirEntry([[fileEntry(c)]])]]);
    const items = [
      { kind: 'file', webkitGetAsEntry: () => folder },
      { kind: 'file', webkitGetAsEntry: () => fileEntry(d) },
      { kind: 'string', webkitGetAsEntry: () => null },
    ];
    const files = await filesFromDrop({ items, files: [] } as unknown as DataTransfer);
    expect(files.map((f) => f.name)).toEqual(['01.mp3', '02.flac', 'cover.jpg', 'loose.ogg']);
    expect(files.filter(isAudioFile).map((f) => f.name)).toEqual(['01.mp3', '02.flac', 'loose.ogg']);
  });

  it('falls back to the plain file list when the browser gives no entries', async () => {
    const only = file('x.m4a');
    expect(await filesFromDrop({ items: [], files: [only] } as unknown as DataTransfer)).toEqual([only]);
  });
});
