import type { DataExportRequest, DataExportState } from '@platter/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often the section asks again while the archive is being made. */
const BUILDING_POLL_MS = 3000;

/** `GET /api/account/export`: my newest export (building, ready or failed), or none; asked again every few seconds while it builds. */
export function useDataExport(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.dataExport,
    queryFn: ({ signal }): Promise<DataExportState> => apiRequest('/api/account/export', { schema: 'dataExportStateSchema', signal }),
    enabled: signedIn,
    refetchInterval: (query) => (query.state.data?.export?.status === 'building' ? BUILDING_POLL_MS : false),
  });
}

/** `POST /api/account/export`: asks for a new archive (409 while one is being made, 429 when asked too often). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<DataExportRequest> => apiRequest('/api/account/export', { schema: 'dataExportRequestSchema', method: 'POST' }),
    onSuccess: (request) => queryClient.setQueryData<DataExportState>(queryKeys.dataExport, { export: request }),
  });
}
