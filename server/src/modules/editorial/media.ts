// The editorial console's media library (issue "The editorial console", item 5; docs/decisions.md
// "Editorial media"): pictures, MP4 video and MP3/M4A audio uploaded by staff, streamed to a file of
// this machine as they arrive, recognised by their first bytes, read for their duration and size,
// stored in the configured storage (pictures with a 1200 px cover and a 300 px thumbnail), recorded
// with an audit entry, and attached to an article's cover (thumb) or its video/audio (videoUrl)
// through the article's own save (optimistic versioning included). Member media go to the gated
// store: the only URL they ever have is an /api/media/ path that replies sign (modules/media/urls.ts).
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MediaLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { editorialMedia, members, type MediaAccess } from '../../db/schema/index.js';
import { shanghaiDate } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, paging } from '../../lib/lists.js';
import type { FileStorage } from '../../storage/index.js';
import { PROTECTED_MEDIA_PATH, type MediaUrls } from '../media/urls.js';
import { mediaAccess } from './access.js';
import { probeMedia, provisionalKind, resizedCopies, sniffMedia, SNIFF_BYTES, MediaUnreadable, type MediaKind, type Sniffed } from './mediaProbe.js';
import { EditorialMessages } from './messages.js';
import type { EditorArticle } from './schemas.js';
import { allow, audit, type EditorialService } from './service.js';

/** 10MB; a limit under 1 MB (tests, a tight configuration) in KB. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))}MB` : `${Math.ceil(bytes / 1024)}KB`);

export const MEDIA_KIND_LABELS: Record<MediaKind, string> = { image: '图片', video: '视频', audio: '音频' };
export const MEDIA_ACCESS_LABELS: Record<MediaAccess, string> = { public: '公开', member: '会员专享' };

/** The media library's messages, in the style of the specification's upload messages (§5). */
export const MediaMessages = {
  type: '上传文件只能是 JPG、PNG、WebP 图片，MP4 视频或 MP3、M4A 音频!',
  size: (kind: MediaKind, limit: number) => `上传${MEDIA_KIND_LABELS[kind]}大小不能超过 ${sizeText(limit)}!`,
  unreadable: (kind: MediaKind) =>
    kind === 'image' ? '图片文件已损坏，无法读取，请重新导出后上传' : `${MEDIA_KIND_LABELS[kind]}文件已损坏或无法读取时长，请重新导出后上传`,
  pixels: '图片尺寸过大，请上传不超过2500万像素的图片',
  noTrack: 'MP4 文件中没有视频或音频，请重新导出后上传',
  noFile: '请选择要上传的文件',
  oneFile: '每次只能上传一个文件',
  access: '媒体权限应为public（公开）或member（会员专享）',
  memberImage: '图片用作封面和缩略图，对所有读者公开，不能设为会员专享',
  unknown: '媒体文件不存在',
  field: '挂载位置应为thumb（封面）或videoUrl（视频或音频）',
  thumbNeedsImage: '封面只能使用图片',
  videoUrlNeedsPlayable: '视频或音频地址只能使用视频或音频文件',
  audioSource: '音频栏目的文章只能挂载音频',
  videoSource: '只有音频栏目的文章可以挂载音频，其他文章请挂载视频',
  publicOnGated: EditorialMessages.publicMediaOnGated,
} as const;

/** The audio source (spec §3: source 8 is audio); its items' videoUrl holds their sound. */
const AUDIO_SOURCE = 8;

/** A file staged on this machine while it is checked, probed and stored. */
interface Staged {
  dir: string;
  path: string;
  bytes: number;
  sniffed: Sniffed;
}

export interface MediaItem {
  id: number;
  kind: MediaKind;
  kindLabel: string;
  access: MediaAccess;
  accessLabel: string;
  contentType: string;
  bytes: number;
  durationMs: number | null;
  durationText: string;
  width: number | null;
  height: number | null;
  url: string;
  playUrl: string;
  coverUrl: string;
  thumbUrl: string;
  originalName: string;
  uploadedBy: { id: number; username: string } | null;
  createdAt: string;
}

/** 1:05, 1:02:03 */
export function durationText(ms: number | null): string {
  if (ms === null) return '';
  const total = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export type EditorialMediaService = ReturnType<typeof createEditorialMediaService>;

export function createEditorialMediaService(deps: {
  db: Db;
  now: () => Date;
  editorial: EditorialService;
  /** Public files: the uploads store (local /api/uploads/ or the bucket's public prefix). */
  uploads: FileStorage;
  /** Member media: the gated store (MEDIA_DIR, or the bucket under MEDIA_S3_KEY_PREFIX). */
  gated: FileStorage;
  media: MediaUrls;
  limits: MediaLimits;
  /** Where uploads are staged (the system's temporary folder by default). */
  stagingDir?: string;
}) {
  const { db, editorial, limits } = deps;
  const uploader = alias(members, 'media_uploader');
  const largestKind = (['video', 'audio', 'image'] as const).reduce((a, b) => (limits[b] > limits[a] ? b : a));

  /**
   * Writes the upload to a staging file as it arrives, looking at its first bytes: a file of no
   * known type, or past its kind's limit, stops being written there and the rest of the body is
   * read and dropped (so the client gets the message, not a broken connection); then the refusal.
   */
  async function stage(file: Readable): Promise<Staged> {
    const dir = await mkdtemp(join(deps.stagingDir ?? tmpdir(), 'qy-media-'));
    const path = join(dir, 'upload');
    const handle = await open(path, 'wx');
    let head = Buffer.alloc(0);
    let sniffed: Sniffed | undefined;
    let limit = Math.max(limits.image, limits.audio, limits.video);
    let bytes = 0;
    let refusal: string | undefined;
    try {
      try {
        for await (const chunk of file as AsyncIterable<Buffer>) {
          if (refusal) continue;
          bytes += chunk.length;
          if (!sniffed && head.length < SNIFF_BYTES) {
            head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
            if (head.length >= SNIFF_BYTES) {
              sniffed = sniffMedia(head);
              if (!sniffed) refusal = MediaMessages.type;
              else limit = limits[provisionalKind(sniffed)];
            }
          }
          if (!refusal && bytes > limit) refusal = MediaMessages.size(sniffed ? provisionalKind(sniffed) : largestKind, limit);
          if (!refusal) await handle.write(chunk);
        }
      } finally {
        await handle.close();
      }
      if (bytes === 0) refusal = MediaMessages.noFile;
      if (!refusal && !sniffed) sniffed = sniffMedia(head) ?? undefined;
      if (!refusal && !sniffed) refusal = MediaMessages.type;
      if (refusal) throw AppError.badParameter(refusal);
      return { dir, path, bytes, sniffed: sniffed! };
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      // The multipart reader's own limit (the largest kind's) ends the stream with its error.
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw AppError.badParameter(MediaMessages.size(sniffed ? provisionalKind(sniffed) : largestKind, limit));
      }
      throw err;
    }
  }

  const itemColumns = {
    row: editorialMedia,
    uploaderName: uploader.username,
  };

  function itemOf({ row, uploaderName }: { row: typeof editorialMedia.$inferSelect; uploaderName: string | null }): MediaItem {
    return {
      id: row.id,
      kind: row.kind,
      kindLabel: MEDIA_KIND_LABELS[row.kind],
      access: row.access,
      accessLabel: MEDIA_ACCESS_LABELS[row.access],
      contentType: row.contentType,
      bytes: row.bytes,
      durationMs: row.durationMs,
      durationText: durationText(row.durationMs),
      width: row.width,
      height: row.height,
      url: row.url,
      // Member media signed for this reply only (the console plays them; staff may see them all).
      playUrl: deps.media.forReply(row.url),
      coverUrl: row.coverUrl ?? '',
      thumbUrl: row.thumbUrl ?? '',
      originalName: row.originalName,
      uploadedBy: row.uploadedBy === null ? null : { id: row.uploadedBy, username: uploaderName ?? '' },
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function readItem(id: number): Promise<MediaItem> {
    const [found] = await db.select(itemColumns).from(editorialMedia).leftJoin(uploader, eq(uploader.id, editorialMedia.uploadedBy)).where(eq(editorialMedia.id, id));
    if (!found) throw AppError.notFound(MediaMessages.unknown);
    return itemOf(found);
  }

  /** The media's place in its store: editorial/YYYY/MM/<random>, dated in Asia/Shanghai. */
  const newBase = () => `editorial/${shanghaiDate(deps.now()).slice(0, 7).replace('-', '/')}/${randomBytes(16).toString('hex')}`;

  return {
    /** The largest file of each kind, in bytes. */
    limits,
    /** The kind with the largest limit: a body declared larger than that is refused with its message. */
    largestKind,

    /** The caller as staff allowed to upload (any staff role), checked before the body is read. */
    async mayUpload(memberId: number | undefined) {
      const staff = await editorial.requireStaff(memberId);
      allow(mediaAccess.upload(staff));
      return staff;
    },

    stage,

    /**
     * Probes a staged file, stores it (and a picture's cover and thumbnail) and records it with its
     * audit entry. Nothing stays stored when anything fails; the staging folder always goes.
     */
    async store(memberId: number | undefined, staged: Staged, options: { access: MediaAccess; originalName: string }): Promise<MediaItem> {
      const staff = await editorial.requireStaff(memberId);
      allow(mediaAccess.upload(staff));
      const stored: { store: FileStorage; key: string }[] = [];
      try {
        let probed;
        try {
          probed = await probeMedia(staged.sniffed, staged.path, () => readFile(staged.path));
        } catch (err) {
          if (!(err instanceof MediaUnreadable)) throw err;
          throw AppError.badParameter(
            err.reason === 'pixels' ? MediaMessages.pixels : err.reason === 'noTrack' ? MediaMessages.noTrack : MediaMessages.unreadable(provisionalKind(staged.sniffed)),
          );
        }
        if (staged.bytes > limits[probed.kind]) throw AppError.badParameter(MediaMessages.size(probed.kind, limits[probed.kind]));
        if (probed.kind === 'image' && options.access === 'member') throw AppError.badParameter(MediaMessages.memberImage);

        const base = newBase();
        const key = `${base}.${probed.extension}`;
        const gated = options.access === 'member';
        const store = gated ? deps.gated : deps.uploads;
        await store.putFile(key, staged.path, probed.contentType);
        stored.push({ store, key });
        let cover: { coverKey: string; coverUrl: string; thumbKey: string; thumbUrl: string } | undefined;
        if (probed.kind === 'image') {
          const family = staged.sniffed.family as 'jpeg' | 'png' | 'webp';
          const copies = await resizedCopies(await readFile(staged.path), family).catch((err: unknown) => {
            throw err instanceof MediaUnreadable ? AppError.badParameter(MediaMessages.unreadable('image')) : err;
          });
          const coverKey = `${base}_w1200.${probed.extension}`;
          const thumbKey = `${base}_w300.${probed.extension}`;
          await deps.uploads.put(coverKey, copies.cover, probed.contentType);
          stored.push({ store: deps.uploads, key: coverKey });
          await deps.uploads.put(thumbKey, copies.thumb, probed.contentType);
          stored.push({ store: deps.uploads, key: thumbKey });
          cover = { coverKey, coverUrl: deps.uploads.publicUrl(coverKey), thumbKey, thumbUrl: deps.uploads.publicUrl(thumbKey) };
        }
        const at = deps.now();
        const url = gated ? `${PROTECTED_MEDIA_PATH}${key}` : deps.uploads.publicUrl(key);
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(editorialMedia)
            .values({
              kind: probed.kind,
              access: options.access,
              storageKey: key,
              url,
              contentType: probed.contentType,
              bytes: staged.bytes,
              durationMs: probed.durationMs,
              width: probed.width,
              height: probed.height,
              ...cover,
              originalName: options.originalName.slice(0, 255),
              uploadedBy: staff.id,
              createdAt: at,
            })
            .returning({ id: editorialMedia.id });
          await audit(tx, {
            actor: staff,
            action: 'upload',
            targetType: 'media',
            targetId: row!.id,
            targetLabel: options.originalName.slice(0, 200) || key,
            before: null,
            after: { kind: probed.kind, access: options.access, contentType: probed.contentType, bytes: staged.bytes, durationMs: probed.durationMs, width: probed.width, height: probed.height, url },
            at,
          });
          return row!.id;
        });
        return readItem(id);
      } catch (err) {
        await Promise.allSettled(stored.map(({ store, key }) => store.remove(key)));
        throw err;
      } finally {
        await rm(staged.dir, { recursive: true, force: true });
      }
    },

    /** Drops a staged file that will not be stored (the form was refused after it). */
    discard: (staged: Staged) => rm(staged.dir, { recursive: true, force: true }),

    /** The library, newest first, by kind and access. */
    async list(memberId: number | undefined, query: { pageNo?: number; pageSize?: number; kind?: MediaKind; access?: MediaAccess; mine?: boolean }) {
      const staff = await editorial.requireStaff(memberId);
      allow(mediaAccess.list(staff));
      const { pageNo, pageSize, offset } = paging(query.pageNo, query.pageSize);
      const conditions: SQL[] = [];
      if (query.kind) conditions.push(eq(editorialMedia.kind, query.kind));
      if (query.access) conditions.push(eq(editorialMedia.access, query.access));
      if (query.mine) conditions.push(eq(editorialMedia.uploadedBy, staff.id));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select(itemColumns)
          .from(editorialMedia)
          .leftJoin(uploader, eq(uploader.id, editorialMedia.uploadedBy))
          .where(where)
          .orderBy(desc(editorialMedia.id))
          .limit(pageSize)
          .offset(offset),
        db.select({ n: count() }).from(editorialMedia).where(where),
      ]);
      return { results: rows.map(itemOf), page: pageOf(Number(counted?.n ?? 0), pageNo, pageSize) };
    },

    /** One item of the library. */
    async get(memberId: number | undefined, id: number): Promise<MediaItem> {
      const staff = await editorial.requireStaff(memberId);
      allow(mediaAccess.list(staff));
      return readItem(id);
    },

    /**
     * Puts a media item into an article's field as a save of the article over `baseRevision` (its
     * rules, revision and 10409 conflict are the save's): a picture's cover into thumb, a video
     * (an audio item's sound) into videoUrl. An article readers must log in or be members to read
     * takes member media only for videoUrl, so its video is never at a public address.
     */
    async attach(memberId: number | undefined, body: { id: number; baseRevision: number; mediaId: number; field: 'thumb' | 'videoUrl' }): Promise<EditorArticle> {
      // The article's read and update rules first: a caller who may not edit it learns nothing more.
      const { document: article } = await editorial.editableArticle(memberId, body.id);
      const item = await readItem(body.mediaId);
      let value: string;
      if (body.field === 'thumb') {
        if (item.kind !== 'image') throw AppError.badParameter(MediaMessages.thumbNeedsImage);
        value = item.coverUrl;
      } else {
        if (item.kind === 'image') throw AppError.badParameter(MediaMessages.videoUrlNeedsPlayable);
        if (article.sourceId === AUDIO_SOURCE && item.kind !== 'audio') throw AppError.badParameter(MediaMessages.audioSource);
        if (article.sourceId !== AUDIO_SOURCE && item.kind !== 'video') throw AppError.badParameter(MediaMessages.videoSource);
        if (article.accessLevel !== 'public' && item.access !== 'member') throw AppError.badParameter(MediaMessages.publicOnGated);
        value = item.url;
      }
      return editorial.saveArticle(memberId, body.id, body.baseRevision, { [body.field]: value });
    },
  };
}
