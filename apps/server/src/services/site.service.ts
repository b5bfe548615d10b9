import type { Readable } from 'node:stream';
import type { AppDownload, SiteStats } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { NotFoundError } from '../lib/errors.js';
import type { DownloadsDirectory } from '../storage/downloads-directory.js';

export interface AssetLink {
  relation: string[];
  target: { namespace: 'android_app'; package_name: string; sha256_cert_fingerprints: string[] };
}

export interface SiteServiceDeps {
  db: Kysely<Database>;
  downloads: DownloadsDirectory;
  android: { apkUrl: string | undefined; packageName: string | undefined; certSha256: string[] };
}

/** The public site's server side: the Android download, Digital Asset Links, real figures. */
export class SiteService {
  constructor(private readonly deps: SiteServiceDeps) {}

  /** A package file in DATA_DIR/downloads wins (same origin: real progress), then ANDROID_APK_URL. */
  async download(): Promise<AppDownload> {
    const file = await this.deps.downloads.latestApk();
    if (file) return { kind: 'file', url: `/downloads/${encodeURIComponent(file.name)}`, fileName: file.name, size: file.size };
    if (this.deps.android.apkUrl) {
      const fileName = new URL(this.deps.android.apkUrl).pathname.split('/').pop() || null;
      return { kind: 'remote', url: this.deps.android.apkUrl, fileName, size: null };
    }
    return { kind: 'none', url: null, fileName: null, size: null };
  }

  /** A download's name and size, and a way to read it (not opened for a HEAD request). */
  async findDownload(name: string): Promise<{ name: string; size: number; open: () => Readable }> {
    const file = await this.deps.downloads.stat(name);
    if (!file) throw new NotFoundError('There is no such download. Get the current one from /platter-started.', 'download_not_found');
    return { name: file.name, size: file.size, open: () => this.deps.downloads.read(file.name) };
  }

  /** /.well-known/assetlinks.json: lets a Trusted Web Activity build of Platter open it full screen. */
  assetLinks(): AssetLink[] {
    const { packageName, certSha256 } = this.deps.android;
    if (!packageName || certSha256.length === 0) return [];
    return [
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: packageName, sha256_cert_fingerprints: certSha256 },
      },
    ];
  }

  /** Visible tracks, artists with one or more of them, accounts: from the catalogue's counters. */
  async stats(): Promise<SiteStats> {
    const rows = await this.deps.db.selectFrom('catalogue_counters').select(['name', 'value']).execute();
    let tracks = 0;
    let artists = 0;
    let users = 0;
    for (const { name, value } of rows) {
      if (name.startsWith('genre:')) tracks += Number(value);
      else if (name === 'artists') artists = Number(value);
      else if (name === 'users') users = Number(value);
    }
    return { tracks, artists, users };
  }
}
