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
});
