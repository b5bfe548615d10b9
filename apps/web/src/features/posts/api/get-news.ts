import type { NewsPage } from '@platter/shared';
import { NEWS_PAGE_SIZE } from '@platter/shared/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/news`: posts by creators and (signed in) by my subscriptions, newest first, a page at a time. */
export function getNews(before: string | null, signal?: AbortSignal): Promise<NewsPage> {
  return apiRequest('/api/news', { schema: 'newsPageSchema', query: { before, limit: NEWS_PAGE_SIZE }, signal });
}

export const newsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts.news,
    queryFn: ({ pageParam, signal }) => getNews(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNews() {
  return useInfiniteQuery(newsQueryOptions());
}
