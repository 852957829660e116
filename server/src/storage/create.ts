import type { MediaSettings } from '../config.js';
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

/**
 * The gated media store (ARCHITECTURE §3.3) as a FileStorage, for writing member media: the local
 * MEDIA_DIR (served only at /api/media/ with a signature), or the uploads bucket under
 * MEDIA_S3_KEY_PREFIX (read through presigned GETs). Its publicUrl is never handed out.
 */
export function createGatedStorage(media: MediaSettings, uploads: UploadSettings | undefined): FileStorage {
  if (media.storage === 's3') {
    if (!uploads?.s3) throw new Error('MEDIA_STORAGE=s3 needs the uploads bucket settings');
    return createS3Storage({ ...uploads.s3, keyPrefix: media.s3KeyPrefix });
  }
  return createLocalStorage(media.dir);
}
