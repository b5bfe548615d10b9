import type { webcrypto } from 'node:crypto';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { transliterations } from '../lib/transliteration.js';
import type { FederationRepository, LocalActorRow } from './federation.repository.js';

/** What WebFinger accepts in a handle Platter makes: lower-case letters, digits and underscores. */
const HANDLE = /^[a-z0-9_]{1,30}$/;

/**
 * A handle from a display name: Latin letters as they are, Cyrillic transliterated, anything
 * else an underscore; empty (a name of other scripts only) when nothing is left.
 */
export function handleFrom(displayName: string): string {
  const lower = displayName.toLowerCase();
  const latin = /[\u0400-\u04ff]/.test(lower) ? (transliterations(lower)[0] ?? lower) : lower;
  return latin
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24);
}

export function isHandle(value: string): boolean {
  return HANDLE.test(value);
}

/**
 * The local side of actors: each profile's handle and key pairs, made once when the fediverse first
 * asks for it (WebFinger, its actor document, a delivery) and kept (federation_actors).
 */
export class LocalActors {
  private readonly making = new Map<string, Promise<LocalActorRow | undefined>>();

  constructor(private readonly repository: FederationRepository) {}

  /** The profile's actor row, made with a free handle and new keys on first use; undefined for no such profile. */
  async ensure(profileId: string): Promise<LocalActorRow | undefined> {
    const existing = await this.repository.localActor(profileId);
    if (existing) return existing;
    let making = this.making.get(profileId);
    if (!making) {
      making = this.make(profileId).finally(() => this.making.delete(profileId));
      this.making.set(profileId, making);
    }
    return making;
  }

  private async make(profileId: string): Promise<LocalActorRow | undefined> {
    const profile = await this.repository.profile(profileId);
    if (!profile) return undefined;
    const base = handleFrom(profile.display_name) || 'artist';
    let handle = base;
    for (let n = 2; await this.repository.handleTaken(handle); n++) handle = `${base}_${n}`;
    const rsa = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const ed = await generateCryptoKeyPair('Ed25519');
    return this.repository.createLocalActor({
      profile_id: profileId,
      handle,
      rsa_public: JSON.stringify(await exportJwk(rsa.publicKey)),
      rsa_private: JSON.stringify(await exportJwk(rsa.privateKey)),
      ed_public: JSON.stringify(await exportJwk(ed.publicKey)),
      ed_private: JSON.stringify(await exportJwk(ed.privateKey)),
      enabled: 1,
      created_at: new Date().toISOString(),
    });
  }

  /** The RSA pair first (HTTP Signatures draft-cavage), then Ed25519 (RFC 9421, Object Integrity Proofs). */
  async keyPairs(row: LocalActorRow): Promise<webcrypto.CryptoKeyPair[]> {
    const pair = async (publicJwk: string, privateJwk: string): Promise<webcrypto.CryptoKeyPair> => ({
      publicKey: await importJwk(JSON.parse(publicJwk) as webcrypto.JsonWebKey, 'public'),
      privateKey: await importJwk(JSON.parse(privateJwk) as webcrypto.JsonWebKey, 'private'),
    });
    return [await pair(row.rsa_public, row.rsa_private), await pair(row.ed_public, row.ed_private)];
  }
}
