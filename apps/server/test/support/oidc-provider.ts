import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID Connect provider on 127.0.0.1 (oauth2-mock-server): discovery, authorize,
 * token with signed ID tokens, userinfo. It stands in for accounts.google.com.
 */
export async function startOidcProvider(identity: OidcIdentity) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const claims = { ...identity, email_verified: true, picture: 'https://example.com/avatar.png' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = claims;
  });
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('OIDC provider has no issuer URL');
  return { issuer, stop: () => server.stop() };
}
