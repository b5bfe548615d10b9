import { describe, expect, it } from 'vitest';
import { planSections, planTrack } from './arrangement.js';
import { demoTrackSpecs } from './catalogue.js';

describe('arrangement', () => {
  it('gives every catalogue track intro, main, variation and outro sections covering all bars', () => {
    for (const spec of demoTrackSpecs()) {
      const plan = planTrack(spec);
      let next = 0;
      for (const section of plan.sections) {
        expect(section.start).toBe(next);
        expect(section.bars).toBeGreaterThan(0);
        next += section.bars;
      }
      expect(next, spec.key).toBe(plan.totalBars);
      const kinds = plan.sections.map((s) => s.kind);
      expect(kinds[0]).toBe('intro');
      expect(kinds.at(-1)).toBe('outro');
      expect(kinds).toContain('main');
      expect(kinds).toContain('variation');
    }
  });

  it('uses a single main section for very short renders', () => {
    expect(planSections(3)).toEqual([{ kind: 'main', start: 0, bars: 3 }]);
  });
});
