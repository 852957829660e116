import { AppError } from './errors.js';

/** China Standard Time has no daylight saving: a fixed +08:00 offset. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const DATE_FORMAT_MESSAGE = '日期格式应为YYYYMMDD';

/** 00:00 Asia/Shanghai of a YYYYMMDD calendar day, or undefined when it is not a real date. */
export function shanghaiDayStart(ymd: string): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(ymd);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (y < 1900 || check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    return undefined;
  }
  return new Date(utc - SHANGHAI_OFFSET_MS);
}

/**
 * The instant range [from, to) covering the calendar days startDate..endDate (inclusive) in
 * Asia/Shanghai. Both or neither must be given (spec §5); '' counts as not given.
 */
export function dayRange(startDate?: string, endDate?: string): { from: Date; to: Date } | undefined {
  const start = startDate || undefined;
  const end = endDate || undefined;
  if (!start && !end) return undefined;
  if (!start || !end) throw AppError.badParameter('开始日期和结束日期需同时填写');
  const from = shanghaiDayStart(start);
  const endDay = shanghaiDayStart(end);
  if (!from || !endDay) throw AppError.badParameter(DATE_FORMAT_MESSAGE);
  if (from > endDay) throw AppError.badParameter('开始日期不能晚于结束日期');
  return { from, to: new Date(endDay.getTime() + DAY_MS) };
}

/** YYYY-MM-DD of an instant in Asia/Shanghai. */
export function shanghaiDate(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm' of an instant in Asia/Shanghai. */
export function shanghaiDateTime(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * An instant from 'YYYY-MM-DD HH:mm[:ss]' (or with a T) read as Asia/Shanghai wall time, or from an
 * ISO-8601 instant that carries its offset (Z, +08:00); undefined when it is neither or not a real time.
 */
export function parseShanghaiDateTime(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const ms = Number((m[7] ?? '0').padEnd(3, '0'));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return undefined;
  }
  const zone = m[8];
  if (!zone) return new Date(wall - SHANGHAI_OFFSET_MS);
  if (zone === 'Z') return new Date(wall);
  const sign = zone.startsWith('-') ? -1 : 1;
  const [zh, zm] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
  return new Date(wall - sign * (zh * 60 + zm) * 60_000);
}
