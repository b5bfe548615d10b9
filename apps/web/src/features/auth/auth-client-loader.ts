/** better-auth's client, loaded on first use: it lives in lib/ because settings use it too. */
export { loadAuthClient } from '../../lib/auth-client-loader';
