#!/usr/bin/env node
/**
 * The growth table of catalogue reads (issue 31, goal 1): the JSON files `bench/catalogue.bench.ts`
 * writes with BENCH_JSON, one per catalogue size, side by side, and each read's cost at the largest
 * size against the size ten times smaller.
 *
 *   node bench/catalogue-growth.mjs /tmp/growth-10k.json /tmp/growth-100k.json /tmp/growth-1m.json /tmp/growth-10m.json
 *
 * Prints markdown: p50 / p99 ms per read and size, then the p50 and p99 ratios of the last size to
 * the one before it (the goal: at most 2× from 1M to 10M).
 */
import fs from 'node:fs';

const files = process.argv.slice(2);
if (files.length < 2) {
  console.error('Usage: node bench/catalogue-growth.mjs smallest.json … largest.json');
  process.exit(2);
}
const runs = files.map((file) => JSON.parse(fs.readFileSync(file, 'utf8'))).sort((a, b) => a.tracks - b.tracks);
const size = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));
const [before, last] = runs.slice(-2);

console.log(runs.map((r) => `- ${size(r.tracks)} tracks, ${r.users.toLocaleString('en-US')} users (${r.dialect}, ${r.runs} rounds, ${r.at}): load ${r.loadBefore.map((l) => l.toFixed(2)).join(' ')} → ${r.loadAfter.map((l) => l.toFixed(2)).join(' ')}`).join('\n'));
console.log();
console.log(`| read | ${runs.map((r) => `${size(r.tracks)} p50 / p99 ms`).join(' | ')} | ${size(last.tracks)} ÷ ${size(before.tracks)} p50 | p99 | longest stall at ${size(last.tracks)} ms |`);
console.log(`| --- | ${runs.map(() => '---:').join(' | ')} | ---: | ---: | ---: |`);
const keys = [...new Set(runs.flatMap((r) => r.rows.map((row) => row.key)))];
for (const key of keys) {
  const rows = runs.map((r) => r.rows.find((row) => row.key === key));
  const [a, b] = rows.slice(-2);
  const ratio = (x, y) => (x && y ? `${(y / x).toFixed(2)}×` : '–');
  console.log(`| ${key} | ${rows.map((row) => (row ? `${row.p50.toFixed(1)} / ${row.p99.toFixed(1)}` : '–')).join(' | ')} | ${ratio(a?.p50, b?.p50)} | ${ratio(a?.p99, b?.p99)} | ${b ? b.stall.toFixed(0) : '–'} |`);
}
