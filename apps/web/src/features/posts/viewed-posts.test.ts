// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { markPostsViewed, readViewedPosts, VIEWED_POSTS_KEY, VIEWED_POSTS_LIMIT } from './viewed-posts';

beforeEach(() => window.localStorage.clear());

describe('viewed posts', () => {
  it('adds each id once, newest last', () => {
    markPostsViewed(['a', 'b']);
    markPostsViewed(['b', 'c', 'c']);
    expect(readViewedPosts()).toEqual(['a', 'b', 'c']);
    expect(JSON.parse(window.localStorage.getItem(VIEWED_POSTS_KEY) ?? '')).toEqual(['a', 'b', 'c']);
  });

  it(`keeps only the newest ${VIEWED_POSTS_LIMIT}`, () => {
    markPostsViewed(Array.from({ length: VIEWED_POSTS_LIMIT }, (_, index) => `old-${index}`));
    markPostsViewed(['new']);
    const viewed = readViewedPosts();
    expect(viewed).toHaveLength(VIEWED_POSTS_LIMIT);
    expect(viewed[0]).toBe('old-1');
    expect(viewed.at(-1)).toBe('new');
  });

  it('reads malformed storage as empty', () => {
    window.localStorage.setItem(VIEWED_POSTS_KEY, '"text"');
    expect(readViewedPosts()).toEqual([]);
    window.localStorage.setItem(VIEWED_POSTS_KEY, '[1, "x", null]');
    expect(readViewedPosts()).toEqual(['x']);
  });
});
