// The lesson page's access state (spec §4 reading and lesson access, video start) from the server's
// flags. The server decides (ARCHITECTURE §3.3) and sends no media to a reader who may not watch;
// this only picks the prompt to show and what a click on the blocked player does.
import type { LessonDetail } from '@qianyan/shared';

export type LessonAccess = 'open' | 'login' | 'profile' | 'freeRead' | 'usedUp';

export function lessonAccess(detail: Pick<LessonDetail, 'blockedBy' | 'is_month_chance'>, loggedIn: boolean): LessonAccess {
  // A detail fetched before a logout still says open: the reader is a visitor now.
  if (!loggedIn || detail.blockedBy === 'login') return 'login';
  if (detail.blockedBy === 'profile') return 'profile';
  if (detail.blockedBy === 'member') return detail.is_month_chance === 2 ? 'freeRead' : 'usedUp';
  return 'open';
}

export interface MediaEntry {
  url: string;
  fileType: string;
}

/** The first entry of a JSON text media list, or null (bad JSON, an empty list, no url). */
export function firstMedia(json: string | null | undefined): MediaEntry | null {
  if (!json) return null;
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list) || list.length === 0) return null;
    const first = list[0] as Partial<MediaEntry>;
    return typeof first?.url === 'string' && first.url ? { url: first.url, fileType: String(first.fileType ?? '') } : null;
  } catch {
    return null;
  }
}

/** Audio when the lesson's subjectType is 1 or 4 (§3), or the entry says audio. */
export const isAudio = (subjectType: number, entry: MediaEntry | null) =>
  subjectType === 1 || subjectType === 4 || /audio|mp3|m4a|aac/i.test(entry?.fileType ?? '');

/** An image entry (a conference review may carry a picture instead of a video). */
export const isImage = (entry: MediaEntry | null) =>
  !!entry && (/image|jpg|jpeg|png|gif|svg|webp/i.test(entry.fileType) || /\.(jpe?g|png|gif|svg|webp)(\?|$)/i.test(entry.url));
