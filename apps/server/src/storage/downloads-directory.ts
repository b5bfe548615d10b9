import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface DownloadFile {
  name: string;
  size: number;
  modifiedAt: Date;
}

/** Names a download may have: no directories, no dot-files, an .apk ending. */
export const APK_FILE_NAME = /^[\w][\w.-]*\.apk$/i;

/**
 * DATA_DIR/downloads: files an operator places for download (the Android package). Read per
 * request, so dropping in a new build needs no restart.
 */
export class DownloadsDirectory {
  constructor(private readonly dir: string) {}

  /** The most recently modified .apk, if any. */
  async latestApk(): Promise<DownloadFile | undefined> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch {
      return undefined;
    }
    const files = await Promise.all(names.filter((n) => APK_FILE_NAME.test(n)).map((n) => this.stat(n)));
    return files
      .filter((f): f is DownloadFile => f !== undefined)
      .sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || a.name.localeCompare(b.name))[0];
  }

  async stat(name: string): Promise<DownloadFile | undefined> {
    if (!APK_FILE_NAME.test(name)) return undefined;
    try {
      const stat = await fs.promises.stat(path.join(this.dir, name));
      return stat.isFile() ? { name, size: stat.size, modifiedAt: stat.mtime } : undefined;
    } catch {
      return undefined;
    }
  }

  read(name: string): Readable {
    if (!APK_FILE_NAME.test(name)) throw new Error(`Not a download name: ${name}`);
    return fs.createReadStream(path.join(this.dir, name));
  }
}
