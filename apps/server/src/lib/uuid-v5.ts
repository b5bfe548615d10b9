import { createHash } from 'node:crypto';

/** The namespace of podcast:guid (https://podcastindex.org/namespace/1.0#guid). */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** A name-based UUID, version 5 (RFC 9562, section 5.5): SHA-1 of the namespace's bytes and the name. */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`Not a UUID: ${namespace}`);
  const bytes = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A feed's podcast:guid: the UUIDv5 of its address without the scheme and trailing slashes, as the
 * podcast namespace prescribes, so any app derives the same one from the same address.
 */
export const podcastGuid = (feedUrl: string): string => uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
