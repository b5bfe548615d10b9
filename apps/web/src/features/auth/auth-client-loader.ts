/**
 * better-auth's client (about 10 KB gzip) is imported on the first sign-in, sign-up or sign-out,
 * not with every page: who is signed in is our own GET /api/me (api/get-me.ts).
 */
export const loadAuthClient = () => import('./auth-client');
