// The media library's API (/api/editor/media/…, server/src/modules/editorial/mediaRoutes.ts): the
// upload with its progress, the library's pages, and attaching an item to an article's field.
import { call, post, type CallOptions } from '@qianyan/shared/core';
import type { EditorArticle, Page } from '../api';

export type MediaKind = 'image' | 'video' | 'audio';
export type MediaAccess = 'public' | 'member';

/** A media item as the server answers it (server mediaSchemas.ts MediaItem). */
export interface MediaItem {
  id: number;
  kind: MediaKind;
  kindLabel: string;
  access: MediaAccess;
  accessLabel: string;
  contentType: string;
  bytes: number;
  /** Read from the file (audio, video); null for pictures. */
  durationMs: number | null;
  /** m:ss or h:mm:ss; '' for pictures. */
  durationText: string;
  width: number | null;
  height: number | null;
  /** What an article's field holds to use it (member media: an /api/media/ path, signed by replies). */
  url: string;
  /** Where the console shows or plays it now (member media: a signed URL that expires). */
  playUrl: string;
  /** Pictures: the 1200 px cover (what thumb gets) and the 300 px thumbnail; '' otherwise. */
  coverUrl: string;
  thumbUrl: string;
  originalName: string;
  uploadedBy: { id: number; username: string } | null;
  createdAt: string;
}

export interface MediaListQuery {
  pageNo?: number;
  pageSize?: number;
  kind?: MediaKind;
  access?: MediaAccess;
  mine?: boolean;
}

/** The article fields a media item goes into: thumb (a picture's cover), videoUrl (a video, an audio item's sound). */
export type MediaField = 'thumb' | 'videoUrl';

const M = '/api/editor/media';

export const mediaApi = {
  /**
   * Uploads one file; `onProgress` gets the percentage sent. The access field goes before the file
   * (the server reads the form in order). No time limit: a video may take minutes to send.
   */
  upload(file: File, access: MediaAccess, onProgress: (percent: number) => void, opts?: CallOptions) {
    const form = new FormData();
    form.append('access', access);
    form.append('file', file, file.name);
    return call<MediaItem>(
      {
        method: 'post',
        url: `${M}/upload`,
        data: form,
        timeout: 0,
        onUploadProgress: (e) => onProgress(e.total ? Math.min(100, Math.round((e.loaded * 100) / e.total)) : 0),
      },
      opts,
    );
  },
  list: (query: MediaListQuery, opts?: CallOptions) => post<Page<MediaItem>>(`${M}/list`, query, opts),
  get: (id: number, opts?: CallOptions) => post<MediaItem>(`${M}/get`, { id }, opts),
  /** Puts the item into the article's field as a save over baseRevision (10409 when someone saved since). */
  attach: (body: { id: number; baseRevision: number; mediaId: number; field: MediaField }, opts?: CallOptions) =>
    post<EditorArticle>(`${M}/attach`, body, opts),
};

/** 6.9 KB, 12.4 MB */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What was read from the file: 视频 · 0:02 · 64×48 · 6.9 KB */
export function describeMedia(item: MediaItem): string {
  const parts = [item.kindLabel];
  if (item.durationText) parts.push(item.durationText);
  if (item.width && item.height) parts.push(`${item.width}×${item.height}`);
  parts.push(sizeText(item.bytes));
  return parts.join(' · ');
}
