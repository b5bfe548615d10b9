import { randomBytes } from 'node:crypto';

/**
 * TEST_REDIS_URL for suites that need a real Redis. Undefined (with a printed reason) when it is
 * unset locally; with CI=true a missing one throws instead, so CI never passes by skipping.
 */
export function testRedisUrl(suite: string): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (url) return url;
  const reason = `${suite} needs TEST_REDIS_URL (redis://127.0.0.1:6379)`;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`${reason}; CI=true, so this is a failure, not a skip`);
  console.log(`⚠ SKIPPED: ${reason}`);
  return undefined;
}

/** A key prefix of its own for one test run, so runs sharing a Redis never meet. */
export const testKeyPrefix = () => `platter-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
