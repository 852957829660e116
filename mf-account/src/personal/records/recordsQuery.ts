// Favourites (flag2) and reading records (flag3), §2.9 and §7.5: the filters and the query each
// list call gets. Pure, so the query building is tested directly.
import { ARTICLE_LIST_PAGE_SIZE, SOURCE, toApiRange, type MyListQuery } from '@qianyan/shared/core';
import type { Dayjs } from 'dayjs';
import { PERSONAL_TEXT as T } from '../messages';

export type RecordList = 'favourites' | 'reading';
export type RecordKind = 'articles' | 'courses';

/** Favourites and reading lists show 20 a page (§9). */
export const RECORDS_PAGE_SIZE = ARTICLE_LIST_PAGE_SIZE;

/** Specialty option ids of the personal centre lists (§3), sent as articleClassIds. */
export const SPECIALTY_OPTIONS = [
  { id: 4, label: '心脑血管' },
  { id: 2, label: '肿瘤' },
  { id: 3, label: '糖尿病' },
  { id: 7, label: '呼吸' },
  { id: 8, label: '妇产儿科' },
  { id: 9, label: '感染' },
  { id: 1, label: '其他' },
] as const;

/**
 * The type filter of the article sub-tab, sent as sourceIds: 文章 is every written source (journal,
 * digest, clinical research writing, catalyst, evidence and commentary), 动画 source 7, 音频 source 8.
 * No type chosen means all of them.
 */
export const ARTICLE_TYPE_OPTIONS = [
  {
    key: 'article',
    label: T.typeArticle,
    sourceIds: [SOURCE.journal, SOURCE.digest, SOURCE.clinicalResearch, SOURCE.catalyst, SOURCE.evidence, SOURCE.commentary],
  },
  { key: 'animation', label: T.typeAnimation, sourceIds: [SOURCE.animation] },
  { key: 'audio', label: T.typeAudio, sourceIds: [SOURCE.audio] },
] as const;
export type ArticleTypeKey = (typeof ARTICLE_TYPE_OPTIONS)[number]['key'];

/**
 * Course types (§3: 1 single, 2 multi-course series, 3 conference) as the serial types of §9 they
 * cover, sent as subjectSerType: single lessons are 1 (video) and 4 (image-text), series 2 and 5,
 * conference items 3.
 */
export const COURSE_TYPE_OPTIONS = [
  { key: 1, label: T.courseSingle, subjectSerType: [1, 4] },
  { key: 2, label: T.courseSeries, subjectSerType: [2, 5] },
  { key: 3, label: T.courseMeeting, subjectSerType: [3] },
] as const;
export type CourseTypeKey = (typeof COURSE_TYPE_OPTIONS)[number]['key'];

export interface RecordFilters {
  /** YYYYMMDD; both set or both '' (§5 dates). */
  startDate: string;
  endDate: string;
  classIds: number[];
  types: ArticleTypeKey[];
  courseTypes: CourseTypeKey[];
}

export const EMPTY_RECORD_FILTERS: RecordFilters = { startDate: '', endDate: '', classIds: [], types: [], courseTypes: [] };

/** A picked range as the two query dates: both or none. */
export function rangeFilter(range: [Dayjs | null, Dayjs | null] | null | undefined): Pick<RecordFilters, 'startDate' | 'endDate'> {
  const { startDate = '', endDate = '' } = toApiRange(range ?? null);
  return startDate && endDate ? { startDate, endDate } : { startDate: '', endDate: '' };
}

const unique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** How many filters are set (the mobile 筛选 button shows it). */
export function activeFilterCount(kind: RecordKind, f: RecordFilters): number {
  const date = f.startDate && f.endDate ? 1 : 0;
  if (kind === 'courses') return date + (f.courseTypes.length ? 1 : 0);
  return date + (f.classIds.length ? 1 : 0) + (f.types.length ? 1 : 0);
}

function base(f: RecordFilters, pageNo: number): MyListQuery {
  const q: MyListQuery = { pageNo, pageSize: RECORDS_PAGE_SIZE };
  if (f.startDate && f.endDate) {
    q.startDate = f.startDate;
    q.endDate = f.endDate;
  }
  return q;
}

/** selectMyFavArticle / selectMyReadArticle: dates, specialties (articleClassIds), types (sourceIds). */
export function articleQuery(f: RecordFilters, pageNo: number): MyListQuery {
  const q = base(f, pageNo);
  if (f.classIds.length) q.articleClassIds = unique(f.classIds);
  const sources = ARTICLE_TYPE_OPTIONS.filter((o) => f.types.includes(o.key)).flatMap((o) => o.sourceIds);
  if (sources.length) q.sourceIds = unique(sources);
  return q;
}

/** selectMyFavLesson / selectMyReadLesson: dates and course types (subjectSerType). */
export function lessonQuery(f: RecordFilters, pageNo: number): MyListQuery {
  const q = base(f, pageNo);
  const serTypes = COURSE_TYPE_OPTIONS.filter((o) => f.courseTypes.includes(o.key)).flatMap((o) => o.subjectSerType);
  if (serTypes.length) q.subjectSerType = unique(serTypes);
  return q;
}

/** Animation and audio go through /article-transfer (§2.1); everything else to /article-info. */
export function articleRecordHref(item: { sourceid: number; permalinks: string }): string {
  const permalinks = encodeURIComponent(item.permalinks);
  if (item.sourceid === SOURCE.animation || item.sourceid === SOURCE.audio) {
    return `/article-transfer?sourceid=${item.sourceid}&permalinks=${permalinks}`;
  }
  return `/article-info?permalinks=${permalinks}`;
}

/** Lessons by serial type (§9): 1 and 4 the lesson page, 2 and 5 the series; 3 (conference card) opens nothing. */
export function courseRecordHref(card: { id: number; lessonResId: number; subjectSerType: number }): string | null {
  if (card.subjectSerType === 1 || card.subjectSerType === 4) return `/course-video?id=${card.lessonResId || card.id}`;
  if (card.subjectSerType === 2 || card.subjectSerType === 5) return `/series-courses?id=${card.id}`;
  return null;
}
