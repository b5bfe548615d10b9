import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { envSchema, loadConfig } from './config.js';

/**
 * The committed deployment files stay in step with the configuration Platter actually reads:
 * every variable of config.ts's schema is in `.env.example` and in the README's table.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const variables = Object.keys(envSchema.shape);

describe('configuration documentation', () => {
  it('reads at least the scale-out variables (database, Redis, S3, proxy, shutdown, secret; the schema is what the other checks walk)', () => {
    expect(variables).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL', 'TRUST_PROXY', 'SHUTDOWN_TIMEOUT_SECONDS', 'BETTER_AUTH_SECRET']),
    );
  });

  it('lists every variable in .env.example, and nothing Platter does not read', () => {
    const listed = [...read('.env.example').matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(variables.filter((v) => !listed.includes(v)), 'missing from .env.example').toEqual([]);
    expect(listed.filter((v) => !variables.includes(v!)), 'in .env.example but not in config.ts').toEqual([]);
  });

  it('.env.example, copied as it is, still starts the embedded default', () => {
    // Only comments: copying it to .env changes nothing until a line is uncommented.
    const active = read('.env.example').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(active).toEqual([]);
  });

  it('names every variable in the README configuration table', () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Administration'));
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const named = rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect(variables.filter((v) => !named.includes(v)), 'missing from the README table').toEqual([]);
    expect(named.filter((v) => !variables.includes(v!)), 'in the README table but not in config.ts').toEqual([]);
    expect(section).toContain('docs/deploy.md');
  });
});

/** compose.yaml's `${VAR:-default}` as compose would expand it with nothing set; `${VAR:?…}` as a value an operator gives. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_, name: string, fallback: string | undefined) =>
    fallback ?? (name === 'BETTER_AUTH_SECRET' ? 'an-operator-secret-of-at-least-32-chars-0123' : ''),
  );
}

describe('container files (kept in step with the loopback test; no Docker engine here)', () => {
  type Service = { environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; healthcheck?: { test: string[] }; build?: string };
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const instances = Object.entries(compose.services).filter(([name]) => name.startsWith('platter-'));

  it('has a proxy, two Platter instances, PostgreSQL, Redis and an S3 server whose bucket an init container makes', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['minio', 'minio-init', 'platter-1', 'platter-2', 'postgres', 'proxy', 'redis']);
    expect(instances).toHaveLength(2);
    for (const name of ['postgres', 'redis', 'minio']) expect(compose.services[name]?.healthcheck, name).toBeDefined();
    expect(compose.services.proxy?.depends_on).toEqual({ 'platter-1': { condition: 'service_healthy' }, 'platter-2': { condition: 'service_healthy' } });
  });

  it('gives every instance the variables the two-instance test gives its processes, all read by config.ts and valid', () => {
    // The keys two-instances.test.ts shares between its instances, besides the bucket's (from startS3Server()).
    const testSource = read('apps/server/test/scale-out/two-instances.test.ts');
    const sharedBlock = /sharedEnv = \{([\s\S]*?)\};/.exec(testSource)?.[1] ?? '';
    const fromTest = [...sharedBlock.matchAll(/^\s*([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(fromTest).toEqual(expect.arrayContaining(['REDIS_URL', 'TRUST_PROXY', 'SHUTDOWN_TIMEOUT_SECONDS']));
    const required = [...fromTest, 'DATABASE_URL', 'BETTER_AUTH_SECRET', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];
    for (const [name, service] of instances) {
      const env = service.environment ?? {};
      expect(required.filter((v) => !(v in env)), `${name} lacks`).toEqual([]);
      expect(Object.keys(env).filter((v) => !variables.includes(v)), `${name} sets variables Platter does not read`).toEqual([]);
      const config = loadConfig(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(String(v))])));
      expect(config.databaseUrl).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(config.redisUrl).toBe('redis://redis:6379/0');
      expect(config.s3).toMatchObject({ bucket: 'platter-media', endpoint: 'http://minio:9000', forcePathStyle: true });
      expect(config.trustProxy).not.toBe(false);
      expect(service.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        'minio-init': { condition: 'service_completed_successfully' },
      });
      expect(service.healthcheck?.test.join(' ')).toContain('/api/health');
    }
    // The instances are one configuration: only their names and volumes differ.
    expect(instances[0]![1].environment).toEqual(instances[1]![1].environment);
  });

  it('the proxy sends to every instance and leaves live events unbuffered', () => {
    const nginx = read('deploy/nginx.conf');
    for (const [name] of instances) expect(nginx).toContain(`server ${name}:8080`);
    const events = /location = \/api\/events \{([\s\S]*?)\}/.exec(nginx)?.[1] ?? '';
    expect(events).toContain('proxy_buffering off');
    expect(events).toMatch(/proxy_read_timeout \d+h/);
    expect(nginx).toContain('X-Forwarded-For');
  });

  it('the image runs the built server as a non-root user, with a health check on /api/health', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/server\/dist\/server\.js"\]$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m);
    expect(dockerfile).toMatch(/^EXPOSE 8080$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    // Everything the runtime imports: the four builds, and the packages' manifests for module resolution.
    for (const dist of ['packages/shared/dist', 'packages/demo-music/dist', 'apps/server/dist', 'apps/web/dist']) expect(dockerfile).toContain(`COPY --from=build /app/${dist} ${dist}`);
    for (const manifest of ['packages/shared/package.json', 'packages/demo-music/package.json', 'apps/server/package.json']) expect(dockerfile).toContain(`COPY ${manifest} `);
  });
});
