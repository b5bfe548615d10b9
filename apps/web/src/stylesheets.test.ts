import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const root = path.dirname(fileURLToPath(import.meta.url));

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/**
 * Every stylesheet parses as CSS. A block left open (a lost `}`, as a merge can leave) makes the
 * browser swallow every rule after it in the bundled chunk, with no error anywhere.
 */
describe('stylesheets', () => {
  const files = stylesheets(root);

  it('are found', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [path.relative(root, file), file]))('%s parses', (_name, file) => {
    expect(() => postcss.parse(fs.readFileSync(file, 'utf8'), { from: file })).not.toThrow();
  });
});
