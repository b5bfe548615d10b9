/**
 * better-auth's client (about 10 KB gzip, with its two-factor and passkey plugins) is imported on
 * the first sign-in, sign-up, sign-out or account setting, not with every page: who is signed in
 * is our own GET /api/me (features/auth/api/get-me.ts).
 */
export const loadAuthClient = () => import('./auth-client');
