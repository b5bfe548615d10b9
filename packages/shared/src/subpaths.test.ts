import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import * as embedCode from './embed-code.js';
import * as format from './format.js';
import * as lyricsLines from './lyrics-lines.js';
import * as root from './index.js';

/**
 * `@platter/shared/constants`, `@platter/shared/format`, `@platter/shared/embed-code` and `@platter/shared/lyrics-lines` are what the web's first paint imports
 * (apps/web/src/lib/contracts.ts): they must stay free of zod and the schemas, so they import nothing.
 */
describe('the zod-free subpaths', () => {
  it.each(['constants.ts', 'embed-code.ts', 'format.ts', 'lyrics-lines.ts'])('%s imports nothing', (file) => {
    const text = readFileSync(new URL(file, import.meta.url), 'utf8');
    expect(text).not.toMatch(/^\s*(import|export)\b[^;]*\bfrom\s/m);
  });

  it('the package root still exports everything they do', () => {
    for (const [name, value] of Object.entries({ ...constants, ...embedCode, ...format, ...lyricsLines })) expect(root).toHaveProperty(name, value);
  });
});
