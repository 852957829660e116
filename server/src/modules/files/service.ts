import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { shanghaiDate } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { isLimited, type RateLimiter } from '../../plugins/rateLimit.js';
import type { FileStorage } from '../../storage/index.js';
import { ImageRefused, inspectImage, reencodeImage } from './image.js';
import type { UploadResult } from './schemas.js';

export const UploadMessages = {
  /** §5 */
  type: '上传图片只能是 JPG、PNG 格式!',
  /** §5 */
  size: '上传图片大小不能超过 10MB!',
  /** Over MAX_PIXELS (25 MP), told apart from the 10 MB limit. */
  pixels: '图片尺寸过大，请上传不超过2500万像素的图片',
  noFile: '请选择要上传的图片',
  oneFile: '每次只能上传一张图片',
} as const;

export type FilesService = ReturnType<typeof createFilesService>;

/** Uploads per member: re-encoding is CPU work, so a member may upload 30 pictures in 10 minutes. */
export const UPLOAD_RATE = { limit: 30, windowMs: 10 * 60_000 };

export function createFilesService(deps: { db: Db; storage: FileStorage; rateLimiter: RateLimiter; now: () => Date }) {
  const { db, storage } = deps;

  return {
    storageKind: storage.kind,

    /** Counts an upload attempt; over UPLOAD_RATE it is refused with 429 before the body is read. */
    async countUpload(memberId: number): Promise<void> {
      const key = `upload:member:${memberId}`;
      if (await isLimited(deps.rateLimiter, key, UPLOAD_RATE)) throw AppError.rateLimited();
      await deps.rateLimiter.hit(key, UPLOAD_RATE);
    },

    /**
     * Checks the bytes (ImageRefused → the §5 message), re-encodes them, stores the picture and its
     * thumbnail under new random keys and records them for the member. Nothing is stored for a
     * refused file; if a later step fails, what was already stored is removed again.
     */
    async uploadImage(memberId: number, bytes: Buffer): Promise<UploadResult> {
      let image;
      try {
        image = await reencodeImage(bytes, await inspectImage(bytes));
      } catch (err) {
        if (err instanceof ImageRefused) {
          throw AppError.badParameter(UploadMessages[err.reason]);
        }
        throw err;
      }

      const month = shanghaiDate(deps.now()).slice(0, 7).replace('-', '/');
      const base = `${month}/${randomBytes(16).toString('hex')}`;
      const key = `${base}.${image.extension}`;
      const thumbKey = `${base}_w300.${image.extension}`;
      const stored: string[] = [];
      try {
        await storage.put(key, image.main, image.contentType);
        stored.push(key);
        await storage.put(thumbKey, image.thumb, image.contentType);
        stored.push(thumbKey);
        const row = {
          memberId,
          storageKey: key,
          thumbKey,
          url: storage.publicUrl(key),
          thumbUrl: storage.publicUrl(thumbKey),
          contentType: image.contentType,
          byteSize: image.main.length,
          width: image.width,
          height: image.height,
          createdAt: deps.now(),
        };
        await db.insert(uploads).values(row);
        return { name: key.split('/').pop()!, url: row.url, type: row.contentType, thumbUrl: row.thumbUrl };
      } catch (err) {
        await Promise.allSettled(stored.map((k) => storage.remove(k)));
        throw err;
      }
    },

    /** Whether `url` is a picture this server stored for this member (the only kind of avatar accepted). */
    async isMembersUpload(memberId: number, url: string): Promise<boolean> {
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.memberId, memberId), eq(uploads.url, url)))
        .limit(1);
      return Boolean(row);
    },
  };
}
