// A vitest reporter for `npm test` (scripts/test.mjs): the unit and integration projects run side by
// side in one pool, so one step's time no longer tells them apart. This writes, per project, when its
// first file started and its last ended, how many files it ran and their summed time, to the JSON
// file named by PLATTER_PROJECT_TIMES, for the summary at the end of the run.
import fs from 'node:fs';

export default class ProjectTimes {
  spans = new Map();

  span(testModule) {
    const name = testModule.project.name || '(root)';
    if (!this.spans.has(name)) this.spans.set(name, { project: name, start: Infinity, end: 0, files: 0, fileSeconds: 0 });
    return this.spans.get(name);
  }

  onTestModuleStart(testModule) {
    const span = this.span(testModule);
    span.start = Math.min(span.start, Date.now());
  }

  onTestModuleEnd(testModule) {
    const span = this.span(testModule);
    span.end = Math.max(span.end, Date.now());
    span.files += 1;
    span.fileSeconds += (testModule.diagnostic().duration ?? 0) / 1000;
  }

  onTestRunEnd() {
    const file = process.env.PLATTER_PROJECT_TIMES;
    if (!file) return;
    const spans = [...this.spans.values()]
      .filter((span) => span.files > 0)
      .map((span) => ({ ...span, seconds: (span.end - span.start) / 1000 }));
    fs.writeFileSync(file, JSON.stringify(spans, null, 2));
  }
}
