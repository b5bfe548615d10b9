import ipaddr from 'ipaddr.js';

/**
 * What an outbound request may do with an IP address:
 * - `public`: a global unicast address, always allowed;
 * - `private`: loopback, RFC 1918, link-local, unique-local, carrier-grade NAT, reserved and
 *   documentation ranges: allowed only when the operator says so (ALLOW_PRIVATE_FETCH);
 * - `never`: unspecified (0.0.0.0, ::, which reach the host itself), multicast, broadcast and the
 *   clouds' instance-metadata addresses: refused even then.
 */
export type AddressVerdict = 'public' | 'private' | 'never';

/** Instance-metadata endpoints (AWS/GCP/Azure/OpenStack, AWS ECS, AWS IPv6, Alibaba): credentials live there. */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);
const NEVER_RANGES = new Set(['unspecified', 'multicast', 'broadcast']);

/**
 * Classifies an address as the operating system would connect to it. IPv6 forms that carry an
 * IPv4 address (mapped ::ffff:a.b.c.d, translated, NAT64 64:ff9b::/96, 6to4) are judged by that
 * IPv4 address. Anything that does not parse is `never`.
 */
export function classifyAddress(address: string): AddressVerdict {
  if (!ipaddr.isValid(address)) return 'never';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
    if (embedded) parsed = embedded;
  }
  if (METADATA.has(parsed.toNormalizedString()) || METADATA.has(parsed.toString())) return 'never';
  const range = parsed.range();
  if (range === 'unicast') return 'public';
  if (NEVER_RANGES.has(range)) return 'never';
  return 'private';
}

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  const bytes = address.toByteArray();
  const wellKnownNat64 = range === 'rfc6052' && address.parts.slice(0, 6).join() === [0x64, 0xff9b, 0, 0, 0, 0].join();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || wellKnownNat64) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}
