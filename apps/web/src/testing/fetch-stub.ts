import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A component test file's `fetch`: before each test, one that never answers (a test sees the
 * request, and gives the answer it wants with `mockImplementation`); after each, the page cleaned
 * up and the real `fetch` back. Call it once at the top of the file.
 */
export function stubFetch(): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => new Promise(() => {}));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
