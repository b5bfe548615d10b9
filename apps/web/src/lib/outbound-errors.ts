import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

/**
 * The server's `outbound_*` refusals: an address a person typed (their own ListenBrainz server, a
 * remote account) that Platter would not or could not connect to. The server's messages are English.
 */
const KNOWN = {
  outbound_blocked_address: 'outbound.blockedAddress',
  outbound_bad_url: 'outbound.badUrl',
  outbound_unreachable: 'outbound.unreachable',
  outbound_timeout: 'outbound.timeout',
  outbound_too_large: 'outbound.tooLarge',
  outbound_too_many_redirects: 'outbound.tooManyRedirects',
  outbound_bad_response: 'outbound.badResponse',
} as const;

/** The refusal in the UI's language when it is an outbound one, else undefined. */
export function outboundErrorMessage(error: unknown, t: TFunction): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const key = (KNOWN as Record<string, (typeof KNOWN)[keyof typeof KNOWN] | undefined>)[error.code];
  return key ? t(key) : undefined;
}
