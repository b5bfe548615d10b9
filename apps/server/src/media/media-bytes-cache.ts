import { LRUCache } from 'lru-cache';
import type { Storage } from '../storage/storage.js';

/** Files above this size are never held in memory (a 200 MB WAV would push out a hundred tracks). */
export const MAX_CACHED_FILE_BYTES = 16 * 1024 * 1024;

interface Entry {
  etag: string;
  bytes: Buffer;
}

/**
 * The bytes of recently played audio files in memory, bounded by total size (MEDIA_CACHE_MB), so
 * the media fast path answers a whole file or a range with one write and no file system call.
 * Node has no sendfile: this is its page cache. Objects never change under a key (a new upload
 * gets a new key), and an entry is used only while its ETag is the one the caller knows, so a
 * rewritten object is never served stale.
 */
export class MediaBytesCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    private readonly storage: Storage,
    maxBytes: number,
  ) {
    this.entries = maxBytes > 0 ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes.length) }) : undefined;
  }

  /** The object's bytes when held for exactly this ETag. */
  get(key: string, etag: string): Buffer | undefined {
    const entry = this.entries?.get(key);
    return entry && entry.etag === etag ? entry.bytes : undefined;
  }

  /**
   * Starts reading the object into memory in the background when it fits; later requests find it.
   * A read that fails (the object was deleted meanwhile) leaves nothing behind.
   */
  warm(key: string, size: number, etag: string): void {
    const entries = this.entries;
    if (!entries || size > MAX_CACHED_FILE_BYTES || size > entries.maxSize || this.loading.has(key) || this.get(key, etag)) return;
    const load = (async () => {
      // Only the bytes the caller's ETag names: an object rewritten since is left to the slow path.
      if ((await this.storage.stat(key))?.etag !== etag) return;
      const bytes = size === 0 ? Buffer.alloc(0) : await this.storage.readBytes(key, { start: 0, end: size - 1 });
      if (bytes.length === size) entries.set(key, { etag, bytes });
    })()
      .catch(() => undefined)
      .finally(() => this.loading.delete(key));
    this.loading.set(key, load);
  }

  /** Resolves when every read started by `warm` has finished (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.loading.values());
  }

  /** Drops an object's bytes (deleted or replaced). */
  forget(key: string): void {
    this.entries?.delete(key);
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}
