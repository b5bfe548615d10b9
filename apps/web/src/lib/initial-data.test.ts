// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { resetInitialData, takeInitialAnswer } from './initial-data';

function inline(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'initial-data';
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById('initial-data')?.remove();
  resetInitialData();
});

describe('initial data (a public page’s inlined API answers)', () => {
  it('gives each answer once, by its path, and none for another path', () => {
    inline(JSON.stringify({ '/api/tracks/t1': { id: 't1', title: '</script>' } }));
    expect(takeInitialAnswer('/api/tracks/t2')).toBeUndefined();
    expect(takeInitialAnswer('/api/tracks/t1')).toEqual({ id: 't1', title: '</script>' });
    expect(takeInitialAnswer('/api/tracks/t1')).toBeUndefined();
  });

  it('gives nothing when the page carries none, or something that is not JSON', () => {
    expect(takeInitialAnswer('/api/tracks/t1')).toBeUndefined();
    resetInitialData();
    inline('{not json');
    expect(takeInitialAnswer('/api/tracks/t1')).toBeUndefined();
  });
});
