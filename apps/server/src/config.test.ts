import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, demo: true, maxUploadBytes: 200 * 1024 * 1024, google: undefined });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('names each bad variable and what is wrong', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PLATTER_DEMO: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: must be a number');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('PLATTER_DEMO: must be 1, 0, true or false');
    }
  });

  it('enables Google only with both client id and secret, at Google unless OIDC_ISSUER says otherwise', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google?.issuer).toBe('https://accounts.google.com');
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', OIDC_ISSUER: 'http://127.0.0.1:9000/' }).google?.issuer).toBe('http://127.0.0.1:9000');
  });

  it('treats empty variables as unset and PLATTER_DEMO=0 as off', () => {
    expect(loadConfig({ DATABASE_URL: '', PLATTER_DEMO: '0' })).toMatchObject({ databaseUrl: undefined, demo: false });
  });

  it('reads admins case-insensitively and checks the Android settings', () => {
    expect([...loadConfig({ ADMIN_EMAILS: ' A@x.test ,b@x.test,' }).adminEmails]).toEqual(['a@x.test', 'b@x.test']);
    const fingerprint = Array.from({ length: 32 }, () => 'ab').join(':');
    expect(loadConfig({ ANDROID_PACKAGE_NAME: 'com.example.platter', ANDROID_CERT_SHA256: fingerprint }).android).toEqual({
      apkUrl: undefined,
      packageName: 'com.example.platter',
      certSha256: [fingerprint.toUpperCase()],
    });
    expect(() => loadConfig({ ANDROID_PACKAGE_NAME: 'com.example.platter' })).toThrow(/ANDROID_CERT_SHA256: set both/);
    expect(() => loadConfig({ ANDROID_PACKAGE_NAME: 'platter', ANDROID_CERT_SHA256: fingerprint })).toThrow(/ANDROID_PACKAGE_NAME: must be an Android application id/);
    expect(() => loadConfig({ ANDROID_PACKAGE_NAME: 'com.x.y', ANDROID_CERT_SHA256: 'AB:CD' })).toThrow(/ANDROID_CERT_SHA256: must be SHA-256 fingerprints/);
    expect(() => loadConfig({ ANDROID_APK_URL: 'ftp://x/app.apk' })).toThrow(/ANDROID_APK_URL: must be an absolute http\(s\) URL/);
  });

  it('requires BETTER_AUTH_SECRET with DATABASE_URL, since every instance must share it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/platter' })).toThrow(/BETTER_AUTH_SECRET: required when DATABASE_URL is set/);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/platter', BETTER_AUTH_SECRET: 'x'.repeat(32) }).databaseUrl).toBe('postgres://db/platter');
  });

  it('reads Redis and S3 settings, and refuses half of them', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, s3: undefined, trustProxy: false, shutdownTimeoutMs: 10_000 });
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: '1' }).s3,
    ).toEqual({
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
      publicUrl: undefined,
    });
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'my proxy' })).toThrow(/TRUST_PROXY: "my proxy" is not/);
  });
});
