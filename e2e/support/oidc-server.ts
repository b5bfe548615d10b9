/**
 * A local OpenID Connect provider standing in for accounts.google.com during the browser run
 * (started by playwright.config.ts as a webServer). Its authorize endpoint redirects straight
 * back with a code, so the sign-in popup completes on its own.
 *
 *   node --import tsx e2e/support/oidc-server.ts
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { GOOGLE_USER, OIDC_ISSUER, OIDC_PORT } from './env.js';

const claims = { ...GOOGLE_USER, email_verified: true };

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
// Pinned, so it is exactly the OIDC_ISSUER the app server is given (the ID token's iss must match).
server.issuer.url = OIDC_ISSUER;
server.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, claims);
});
server.service.on('beforeUserinfo', (response) => {
  response.body = claims;
});
await server.start(OIDC_PORT, '127.0.0.1');
console.log(`OIDC provider ready at ${OIDC_ISSUER}`);

const stop = () => {
  server.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
