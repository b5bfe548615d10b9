import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: the package ships no type declarations; its output is typed below.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/** One sample of a family, as parse-prometheus-text-format gives it (histograms: buckets, count and sum). */
export interface Sample {
  value?: string;
  labels?: Record<string, string>;
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
}
export interface Family {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Sample[];
}

/** A scrape parsed by a Prometheus text-format parser (not ours), as families by name. */
export function parseMetrics(text: string): Map<string, Family> {
  const families = (parsePrometheusTextFormat as (text: string) => Family[])(text);
  return new Map(families.map((family) => [family.name, family]));
}

/**
 * The same scrape with every line a series of its own (`x_count{…}`, `x_bucket{…}`): the parser folds
 * a histogram's samples into one, dropping their labels when there are several label sets (its
 * flattenMetrics), so labelled histograms are read through this view, their TYPE lines left out.
 */
export function parseSamples(text: string): Map<string, Family> {
  const untyped = text.split('\n').filter((line) => !line.startsWith('# TYPE ') && !line.startsWith('# HELP ')).join('\n');
  // A histogram's label sets come one after another (buckets, sum, count, then the next set), so
  // each `x_count` name comes back as several families: joined here.
  const joined = new Map<string, Family>();
  for (const family of (parsePrometheusTextFormat as (text: string) => Family[])(untyped)) {
    const seen = joined.get(family.name);
    if (seen) seen.metrics.push(...family.metrics);
    else joined.set(family.name, { ...family, metrics: [...family.metrics] });
  }
  return joined;
}

/** The series docs/metrics.md lists, with whether each is PostgreSQL's only: what a scrape must hold. */
export function documentedSeries(): Array<{ name: string; postgresOnly: boolean }> {
  const doc = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/metrics.md'), 'utf8');
  const table = doc.slice(doc.indexOf('## The series'));
  return [...table.matchAll(/^\| `([a-z_]+)` \| (\w+) \|[^|]*\| ([^\n]*)$/gm)].map((m) => ({ name: m[1] as string, postgresOnly: (m[3] as string).startsWith('*PostgreSQL*') }));
}

/** The value of a counter or gauge sample whose labels include these. */
export function sampleValue(family: Family | undefined, labels: Record<string, string> = {}): number | undefined {
  const sample = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  if (!sample) return undefined;
  return Number(sample.value ?? sample.count);
}
