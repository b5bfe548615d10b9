import type { SignedInSession } from '@platter/shared';
import { UAParser } from 'ua-parser-js';

export type DeviceDescription = Pick<SignedInSession, 'deviceType' | 'device' | 'browser' | 'os'>;

const DEVICE_TYPES = new Set<string>(['mobile', 'tablet', 'tv', 'console', 'wearable', 'embedded']);

/** "Chrome 131" from a name and a version (its major part), or the name alone. */
function named(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  const major = version?.split('.')[0];
  return major ? `${name} ${major}` : name;
}

/**
 * What a stored User-Agent says of the device (ua-parser-js): its kind, vendor and model, the
 * browser and the OS. A User-Agent naming no device kind is a computer's ("desktop"), as
 * ua-parser-js leaves the kind out for them; an unreadable or missing one says "other".
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { deviceType: 'other', device: null, browser: null, os: null };
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const kind = device.type === 'smarttv' ? 'tv' : device.type;
  let deviceType: SignedInSession['deviceType'] = browser.name || os.name ? 'desktop' : 'other';
  if (kind) deviceType = DEVICE_TYPES.has(kind) ? (kind as SignedInSession['deviceType']) : 'other';
  const model = [device.vendor, device.model].filter(Boolean).join(' ');
  return { deviceType, device: model || null, browser: named(browser.name, browser.version), os: named(os.name, os.version) };
}
