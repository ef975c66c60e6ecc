import type { Config } from '../config.ts';
import { localFileStorage, type FileStorage } from './file-storage.ts';
import { s3FileStorage } from './s3-storage.ts';

/** The storage `config` asks for: the bucket when `S3_*` is set, DATA_DIR otherwise. */
export function storageFor(config: Pick<Config, 's3' | 'dataDir'>): FileStorage {
  return config.s3 ? s3FileStorage(config.s3) : localFileStorage(config.dataDir);
}
