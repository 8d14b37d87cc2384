import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where uploaded pictures live. One small interface, so the disk below can give way to an object
 * store (S3, R2, Spaces) without touching the upload route: put the bytes under a key, delete
 * them, and say at which URL the storefront finds them (docs/back-office.md, "Images").
 */
export interface MediaStorage {
  /** Stores bytes under key (a relative path such as 'uploads/ab/abcdef.webp'), replacing what was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Whether a file is stored under key (the seed skips pictures already there). */
  exists(key: string): Promise<boolean>;
  /** Removes the file under key; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The URL the browser loads the file from. */
  url(key: string): string;
}

/** A key is a relative path of plain segments: no '..', no leading slash, nothing a URL must escape. */
const KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) throw new Error(`bad media key: ${key}`);
}

/** Files under MEDIA_DIR, served by the app itself at /media/ (app.ts). */
export class DiskMediaStorage implements MediaStorage {
  private readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`bad media key: ${key}`);
    return path;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write beside and rename would be atomic; a content-hashed key never changes its bytes, so a plain write is enough.
    await writeFile(path, bytes);
  }

  async exists(key: string): Promise<boolean> {
    return access(this.path(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  url(key: string): string {
    assertKey(key);
    return `/media/${key}`;
  }
}
