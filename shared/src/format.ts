// Formatters of spec §5 (authors, class names, dates).
import dayjs from 'dayjs';
import { AUTHOR_PREVIEW_CHARS, AUTHOR_PREVIEW_COUNT } from './constants';

/**
 * Author preview: at most 3 names, stop when the text reaches 100 characters, ellipsis when cut.
 * A part ending in a full stop (an affiliation or degree such as "M.D.") stays with the previous name.
 */
export function formatAuthors(author: string | null | undefined): string {
  if (!author) return '';
  const parts = author.split(/[,，、]/).map((s) => s.trim()).filter(Boolean);
  const names: string[] = [];
  for (const part of parts) {
    if (names.length > 0 && /[.。]$/.test(part)) names[names.length - 1] += `, ${part}`;
    else names.push(part);
  }
  let text = '';
  let shown = 0;
  for (const name of names) {
    if (shown === AUTHOR_PREVIEW_COUNT) break;
    const next = text ? `${text}, ${name}` : name;
    if (next.length > AUTHOR_PREVIEW_CHARS) {
      text = (text || next.slice(0, AUTHOR_PREVIEW_CHARS)).trimEnd();
      return `${text}…`;
    }
    text = next;
    shown += 1;
  }
  return shown < names.length ? `${text}…` : text;
}

/** classNames is a comma string; empty parts are dropped. */
export function splitClassNames(classNames: string | null | undefined): string[] {
  if (!classNames) return [];
  return classNames.split(/[,，]/).map((s) => s.trim()).filter(Boolean);
}

/** Dates in requests are YYYYMMDD. */
export function toApiDate(d: dayjs.ConfigType): string {
  return dayjs(d).format('YYYYMMDD');
}

/** Parses YYYYMMDD (as sent in URLs and requests); null when malformed. */
export function fromApiDate(s: string | null | undefined): dayjs.Dayjs | null {
  if (!s || !/^\d{8}$/.test(s)) return null;
  const d = dayjs(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`);
  return d.isValid() && d.format('YYYYMMDD') === s ? d : null;
}

/** A range needs both ends; anything else means no range. */
export function toApiRange(range: [dayjs.ConfigType, dayjs.ConfigType] | null | undefined):
  { startDate?: string; endDate?: string } {
  if (!range || !range[0] || !range[1]) return {};
  return { startDate: toApiDate(range[0]), endDate: toApiDate(range[1]) };
}

export const formatDate = (d: dayjs.ConfigType) => (d ? dayjs(d).format('YYYY-MM-DD') : '');
export const formatDateTimeCn = (d: dayjs.ConfigType) => (d ? dayjs(d).format('YYYY年MM月DD日 HH:mm') : '');

/** Years of the header's journal menu: the current year and the 10 before it, newest first. */
export function yearMenu(now: dayjs.ConfigType = new Date()): { shown: number[]; more: number[] } {
  const current = dayjs(now).year();
  const years = Array.from({ length: 11 }, (_, i) => current - i);
  return { shown: years.slice(0, 5), more: years.slice(5) };
}

/** Parses a cover field (a JSON text list of {path|url}); first usable URL or ''. */
export function firstCoverUrl(json: string | null | undefined): string {
  if (!json) return '';
  try {
    const list = JSON.parse(json) as Array<{ url?: string; path?: string }>;
    const first = Array.isArray(list) ? list.find((x) => x && (x.url || x.path)) : undefined;
    return first ? String(first.url || first.path) : '';
  } catch {
    return '';
  }
}
