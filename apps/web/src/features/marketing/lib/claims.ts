/**
 * SPEC section 1's marketing claims: MARKETING_CLAIMS of @platter/shared, copied here so that the
 * landing's own lightweight bundle (src/app/landing) does not load zod and every shared schema along
 * with @platter/shared. claims.test.ts keeps the two equal.
 */
export const MARKETING_CLAIMS = {
  rating: '4.0',
  downloads: '1000+',
  size: '50MB',
  version: 'v1.0.2',
  tracks: '50+',
  users: '1000+',
  countries: '20+',
} as const;
