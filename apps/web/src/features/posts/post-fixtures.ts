import type { Post } from '@platter/shared';

/** A post for tests, with what they do not care about filled in. */
export function makePost(overrides: Partial<Post> & { id: string }): Post {
  return {
    authorId: 'a1',
    authorName: 'Nova',
    authorPhotoURL: null,
    authorStatus: 'artist',
    text: `Post ${overrides.id}`,
    createdAt: '2026-11-21T10:30:00.000Z',
    likes: 0,
    liked: false,
    pinned: false,
    ...overrides,
  };
}
