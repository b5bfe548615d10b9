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

/**
 * `@platter/shared`'s root builds every zod schema when it loads (~100 ms on a phone): the page's
 * thread loads it only for screens a person opens on purpose after signing in, and the API's
 * answers are checked in a worker (lib/contracts.ts). Everything else takes values from the
 * zod-free subpaths (`@platter/shared/constants`, `/format`, `/embed-code`, `/lyrics-lines`); type
 * imports cost nothing. A share menu on the artist page once imported the root and put zod back
 * on every public page's first load.
 */
const ROOT_VALUE_IMPORTS_ALLOWED = [
  'features/admin/components/reports-section.tsx',
  'features/admin/components/users-section.tsx',
  'features/pages/components/contact-form.tsx',
  'features/studio/components/edit-track-dialog.tsx',
  'lib/api-contracts.ts',
];

function rootValueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@platter\/shared['"]/g)]
    .filter((match) => !match[1])
    .flatMap((match) => (match[2] ?? '').split(',').map((name) => name.trim()))
    .filter((name) => name !== '' && !name.startsWith('type '));
}

describe('zod stays off the first load', () => {
  const files = sourceFiles(SRC).filter((file) => !/\.test\.tsx?$/.test(file) && !relative(SRC, file).startsWith(`testing${sep}`));

  it('finds value imports of the package root only where they are allowed', () => {
    const found = files.filter((file) => rootValueImports(file).length > 0).map((file) => relative(SRC, file).split(sep).join('/'));
    expect(found.sort()).toEqual(ROOT_VALUE_IMPORTS_ALLOWED);
  });

  it('reads a value import and ignores a type-only one', () => {
    expect(rootValueImports(join(SRC, 'lib/api-contracts.ts'))).toContain('meSchema');
    expect(rootValueImports(join(SRC, 'lib/share-links.ts'))).toEqual([]);
  });
});
