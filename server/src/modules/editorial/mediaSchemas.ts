import Type, { type Static } from 'typebox';
import { MEDIA_ACCESS_VALUES } from '../../db/schema/editorialMedia.js';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID, PageResultSchema, pageQueryProperties } from '../../lib/lists.js';
import { MediaMessages } from './media.js';
import { MEDIA_KINDS } from './mediaProbe.js';
import { EditorArticle } from './schemas.js';

const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
const Nullable = <T extends ReturnType<typeof Type.Integer>>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

export const MediaItem = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(MEDIA_KINDS, { description: 'image, video or audio: read from the file, never from its name' }),
  kindLabel: Type.String({ description: '图片, 视频 or 音频' }),
  access: StringEnum(MEDIA_ACCESS_VALUES, { description: 'public, or member: in the gated store, reached through signed URLs only' }),
  accessLabel: Type.String({ description: '公开 or 会员专享' }),
  contentType: Type.String({ description: 'image/jpeg, image/png, image/webp, video/mp4, audio/mp4 or audio/mpeg' }),
  bytes: Type.Integer(),
  durationMs: Nullable(Type.Integer(), 'Read from the file (audio and video); null for pictures'),
  durationText: Type.String({ description: "m:ss or h:mm:ss; '' for pictures" }),
  width: Nullable(Type.Integer(), 'Pixels (pictures and video); null for audio'),
  height: Nullable(Type.Integer(), 'Pixels (pictures and video); null for audio'),
  url: Type.String({ description: "What an article's field holds to use it: the public URL, or /api/media/<key> for member media (signed in replies to readers who may see the article)" }),
  playUrl: Type.String({ description: 'Where the console shows or plays it now: the public URL, or a signed URL that expires (MEDIA_URL_TTL_SECONDS)' }),
  coverUrl: Type.String({ description: "Pictures: the 1200 px wide cover (what an article's thumb gets); '' otherwise" }),
  thumbUrl: Type.String({ description: "Pictures: the 300 px wide thumbnail; '' otherwise" }),
  originalName: Type.String({ description: "The file's name on the uploader's computer" }),
  uploadedBy: Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]),
  createdAt: Type.String(),
});

export const MediaItemResponse = { 200: Envelope(MediaItem) };

export const MediaListBody = Type.Object({
  ...pageQueryProperties,
  kind: Type.Optional(StringEnum(MEDIA_KINDS, { description: 'Only pictures, videos or audio', errorMessage: '媒体类型应为image、video或audio' })),
  access: Type.Optional(StringEnum(MEDIA_ACCESS_VALUES, { description: 'Only public or only member media', errorMessage: MediaMessages.access })),
  mine: Type.Optional(Type.Boolean({ description: 'Only what I uploaded', errorMessage: '参数mine不正确' })),
});
export type MediaListBody = Static<typeof MediaListBody>;
export const MediaListResponse = { 200: Envelope(PageResultSchema(MediaItem)) };

export const MediaIdBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Media id', errorMessage: MediaMessages.unknown }) });

export const MediaAttachBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Article id', errorMessage: '请输入文章编号' }),
  baseRevision: Type.Integer({ minimum: 1, maximum: MAX_ID, description: "The article's revision the editor had (10409 when someone saved since)", errorMessage: '版本号格式不正确' }),
  mediaId: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Media id', errorMessage: MediaMessages.unknown }),
  field: StringEnum(['thumb', 'videoUrl'] as const, {
    description: "thumb: a picture's 1200 px cover; videoUrl: a video, or an audio item's (source 8) sound",
    errorMessage: MediaMessages.field,
  }),
});
export type MediaAttachBody = Static<typeof MediaAttachBody>;
export const MediaAttachResponse = { 200: Envelope(EditorArticle) };
