import type { FileStorage, UploadSettings } from './index.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';

/** The storage the settings choose (validated by config.ts: s3 always comes with its settings). */
export function createStorage(settings: UploadSettings): FileStorage {
  if (settings.storage === 's3') {
    if (!settings.s3) throw new Error('UPLOADS_STORAGE=s3 needs the S3_* settings');
    return createS3Storage(settings.s3);
  }
  return createLocalStorage(settings.dir);
}
