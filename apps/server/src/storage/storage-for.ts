import type { Config } from '../config.ts';
import { localFileStorage, type FileStorage } from './file-storage.ts';

/**
 * The storage `config` asks for: the bucket when `S3_*` is set, DATA_DIR otherwise. The AWS SDK
 * is loaded only then (a process on the local folder never pays for its import).
 */
export async function storageFor(config: Pick<Config, 's3' | 'dataDir'>): Promise<FileStorage> {
  if (!config.s3) return localFileStorage(config.dataDir);
  const { s3FileStorage } = await import('./s3-storage.ts');
  return s3FileStorage(config.s3);
}
