/**
 * Where pictures and receipts go. Keys are relative slash paths ("restaurants/<id>/cover-1.svg");
 * `put` answers the public URL the API stores and returns. Local folder now (DATA_DIR/files,
 * served at /files/*); an S3-compatible bucket implements the same interface.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  put(key: string, data: string | Uint8Array): Promise<{ key: string; url: string }>;
  url(key: string): string;
}

function checkKey(key: string): string[] {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 500 ||
    segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\'))
  ) {
    throw new Error(`invalid storage key "${key}"`);
  }
  return segments;
}

export function localFileStorage(filesDir: string, urlPrefix = '/files/'): FileStorage {
  const url = (key: string) => urlPrefix + checkKey(key).map(encodeURIComponent).join('/');
  return {
    url,
    async put(key, data) {
      const target = path.join(filesDir, ...checkKey(key));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
      return { key, url: url(key) };
    },
  };
}
