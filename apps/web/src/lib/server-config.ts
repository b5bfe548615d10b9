import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerConfig } from '@platter/shared';
import { apiRequest } from './api-client';
import { takeInitialAnswer } from './initial-data';
import { queryKeys } from './query-keys';

export type { ServerConfig };

export function getServerConfig(signal?: AbortSignal): Promise<ServerConfig> {
  return apiRequest('/api/config', { schema: 'serverConfigSchema', signal });
}

export const serverConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getServerConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    // A signed-out visitor's public page carries them (lib/initial-data.ts).
    initialData: () => takeInitialAnswer<ServerConfig>('/api/config'),
  });

export function useServerConfig() {
  return useQuery(serverConfigQueryOptions());
}
