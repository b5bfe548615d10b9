import type { NewsPage, Post } from '@platter/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

type PostsData = { items: Post[] } | InfiniteData<NewsPage, unknown>;

function isInfinite(data: PostsData): data is InfiniteData<NewsPage, unknown> {
  return 'pages' in data;
}

/** `data` with `change` applied to each list of posts it holds (a plain list or the pages of the news feed). */
function mapLists(data: PostsData, change: (items: Post[]) => Post[]): PostsData {
  if (isInfinite(data)) return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
  return { ...data, items: change(data.items) };
}

/**
 * Applies `change` to every cached list of posts (the news feed, authors' lists), so a like or a
 * pin shows everywhere the post is listed before the refetch the live event triggers.
 */
export function updateCachedPosts(queryClient: QueryClient, change: (items: Post[]) => Post[]): void {
  queryClient.setQueriesData<PostsData>({ queryKey: queryKeys.posts.all }, (data) => (data ? mapLists(data, change) : data));
}

/** Patches one post wherever it is cached. */
export function patchCachedPost(queryClient: QueryClient, postId: string, patch: Partial<Post>): void {
  updateCachedPosts(queryClient, (items) => items.map((post) => (post.id === postId ? { ...post, ...patch } : post)));
}
