import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Panel {
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: Array<{ expr: string; refId: string }>;
}

describe('deploy/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(read('deploy/grafana-dashboard.json')) as { title: string; uid: string; schemaVersion: number; panels: Panel[]; templating: { list: Array<{ name: string }> } };
  const documented = new Set([...read('docs/metrics.md').matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1] as string));

  it('is a Grafana dashboard: title, uid, schema version, panels on the 24-column grid with queries', () => {
    expect(dashboard).toMatchObject({ title: 'Platter', uid: expect.any(String), schemaVersion: expect.any(Number) });
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    expect(graphs.length).toBeGreaterThan(10);
    for (const panel of graphs) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
    expect(dashboard.templating.list.map((v) => v.name)).toContain('instance');
  });

  it('queries only series docs/metrics.md documents, and every Platter series at least once', () => {
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      for (const target of panel.targets ?? []) {
        for (const [name] of target.expr.matchAll(/\b(?:platter|process|nodejs)_[a-z_]+/g)) used.add(name.replace(/_(bucket|count|sum)$/, ''));
      }
    }
    expect([...used].filter((name) => !documented.has(name)), 'queried but not documented').toEqual([]);
    expect([...documented].filter((name) => name?.startsWith('platter_') && !used.has(name)), 'documented but on no panel').toEqual([]);
  });
});
