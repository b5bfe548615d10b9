import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The one-direction rule of the layout: app/ composes features; a feature never imports another
 * feature or app/; shared code (components, lib, config, hooks, i18n) imports no feature.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Top-level area of a file under src/, plus the feature name for files inside features/. */
function areaOf(file: string): { area: string; feature?: string } {
  const [area = '', feature] = relative(SRC, file).split(sep);
  return area === 'features' ? { area, feature } : { area };
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)];
  return specifiers.map((match) => resolve(dirname(file), match[1] ?? ''));
}

/** The entry point mounts the app; it sits above every area. */
const ENTRY = 'main.tsx';

const violations = sourceFiles(SRC).flatMap((file) => {
  const from = areaOf(file);
  if (from.area === ENTRY) return [];
  return relativeImports(file).flatMap((target) => {
    const to = areaOf(target);
    const where = `${relative(SRC, file)} -> ${relative(SRC, target)}`;
    if (to.area === 'app' && from.area !== 'app') return [where];
    if (from.area === 'features' && to.area === 'features' && to.feature !== from.feature) return [where];
    if (!['app', 'features', 'testing'].includes(from.area) && to.area === 'features') return [where];
    return [];
  });
});

describe('architecture', () => {
  it('finds the source files it checks', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(40);
  });

  it('keeps imports flowing one way: app -> features -> shared code', () => {
    expect(violations).toEqual([]);
  });
});
