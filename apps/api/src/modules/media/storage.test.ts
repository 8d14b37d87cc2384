import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskMediaStorage } from './storage.js';

describe('DiskMediaStorage', () => {
  const root = mkdtempSync(join(tmpdir(), 'media-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const storage = new DiskMediaStorage(join(root, 'media'));

  it('puts, serves at /media/ and deletes a file by its key; deleting a missing one is fine', async () => {
    await storage.put('uploads/ab/abcdef.webp', Buffer.from('pixels'));
    expect(readFileSync(join(root, 'media/uploads/ab/abcdef.webp'), 'utf8')).toBe('pixels');
    expect(storage.url('uploads/ab/abcdef.webp')).toBe('/media/uploads/ab/abcdef.webp');
    await storage.delete('uploads/ab/abcdef.webp');
    expect(existsSync(join(root, 'media/uploads/ab/abcdef.webp'))).toBe(false);
    await expect(storage.delete('uploads/ab/abcdef.webp')).resolves.toBeUndefined();
  });

  it('refuses a key that leaves its folder or needs escaping', async () => {
    for (const key of [
      '../outside.webp',
      'uploads/../../outside.webp',
      '/etc/passwd',
      'uploads//x.webp',
      'Uploads/x.webp',
      'a b.webp',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/bad media key/);
      expect(() => storage.url(key), key).toThrow(/bad media key/);
    }
    expect(existsSync(join(root, 'outside.webp'))).toBe(false);
  });
});
