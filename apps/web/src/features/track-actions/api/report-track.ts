import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/tracks/:id/reports { reason? }` (signed out too). */
export function reportTrack(trackId: string, reason: string) {
  const text = reason.trim();
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/reports`, {
    schema: 'reportCreatedSchema',
    method: 'POST',
    json: text ? { reason: text } : {},
  });
}

export function useReportTrack() {
  return useMutation({ mutationFn: ({ trackId, reason }: { trackId: string; reason: string }) => reportTrack(trackId, reason) });
}
