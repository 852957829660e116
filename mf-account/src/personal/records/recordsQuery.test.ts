import dayjs from 'dayjs';
import {
  activeFilterCount,
  articleQuery,
  articleRecordHref,
  courseRecordHref,
  EMPTY_RECORD_FILTERS,
  lessonQuery,
  rangeFilter,
  SPECIALTY_OPTIONS,
} from './recordsQuery';

describe('favourite and reading list queries', () => {
  it('asks for page 1 of 20 with no filters', () => {
    expect(articleQuery(EMPTY_RECORD_FILTERS, 1)).toEqual({ pageNo: 1, pageSize: 20 });
    expect(lessonQuery(EMPTY_RECORD_FILTERS, 3)).toEqual({ pageNo: 3, pageSize: 20 });
  });

  it('sends the date range as YYYYMMDD, both ends or none', () => {
    const f = { ...EMPTY_RECORD_FILTERS, ...rangeFilter([dayjs('2025-03-01'), dayjs('2025-03-31')]) };
    expect(articleQuery(f, 1)).toEqual({ pageNo: 1, pageSize: 20, startDate: '20250301', endDate: '20250331' });
    expect(lessonQuery(f, 1)).toMatchObject({ startDate: '20250301', endDate: '20250331' });
    expect(rangeFilter([dayjs('2025-03-01'), null])).toEqual({ startDate: '', endDate: '' });
    expect(rangeFilter(null)).toEqual({ startDate: '', endDate: '' });
    expect(articleQuery({ ...EMPTY_RECORD_FILTERS, startDate: '20250301' }, 1)).toEqual({ pageNo: 1, pageSize: 20 });
  });

  it('sends specialties as articleClassIds with the spec ids', () => {
    expect(SPECIALTY_OPTIONS.map((o) => [o.label, o.id])).toEqual(
      expect.arrayContaining([['其他', 1], ['肿瘤', 2], ['糖尿病', 3], ['心脑血管', 4], ['呼吸', 7], ['妇产儿科', 8], ['感染', 9]]),
    );
    expect(articleQuery({ ...EMPTY_RECORD_FILTERS, classIds: [9, 2, 2] }, 1).articleClassIds).toEqual([2, 9]);
  });

  it('sends types as sourceIds: animation 7, audio 8, articles the written sources', () => {
    expect(articleQuery({ ...EMPTY_RECORD_FILTERS, types: ['animation'] }, 1).sourceIds).toEqual([7]);
    expect(articleQuery({ ...EMPTY_RECORD_FILTERS, types: ['audio', 'animation'] }, 1).sourceIds).toEqual([7, 8]);
    expect(articleQuery({ ...EMPTY_RECORD_FILTERS, types: ['article'] }, 1).sourceIds).toEqual([1, 5, 6, 9, 10, 11]);
  });

  it('sends course types as the serial types they cover, and no specialties for courses', () => {
    expect(lessonQuery({ ...EMPTY_RECORD_FILTERS, courseTypes: [1] }, 1).subjectSerType).toEqual([1, 4]);
    expect(lessonQuery({ ...EMPTY_RECORD_FILTERS, courseTypes: [3, 2] }, 1).subjectSerType).toEqual([2, 3, 5]);
    expect(lessonQuery({ ...EMPTY_RECORD_FILTERS, classIds: [2], types: ['audio'] }, 1)).toEqual({ pageNo: 1, pageSize: 20 });
  });

  it('counts the filters set for the mobile button', () => {
    const f = { ...EMPTY_RECORD_FILTERS, startDate: '20250101', endDate: '20250102', classIds: [2], courseTypes: [1 as const] };
    expect(activeFilterCount('articles', f)).toBe(2);
    expect(activeFilterCount('courses', f)).toBe(2);
    expect(activeFilterCount('articles', EMPTY_RECORD_FILTERS)).toBe(0);
  });
});

describe('links of the rows', () => {
  it('sends animation and audio through /article-transfer and the rest to /article-info', () => {
    expect(articleRecordHref({ sourceid: 7, permalinks: 'a b' })).toBe('/article-transfer?sourceid=7&permalinks=a%20b');
    expect(articleRecordHref({ sourceid: 8, permalinks: 'x' })).toBe('/article-transfer?sourceid=8&permalinks=x');
    expect(articleRecordHref({ sourceid: 5, permalinks: 'nejm-1' })).toBe('/article-info?permalinks=nejm-1');
  });

  it('opens lessons by serial type', () => {
    expect(courseRecordHref({ id: 1, lessonResId: 11, subjectSerType: 1 })).toBe('/course-video?id=11');
    expect(courseRecordHref({ id: 1, lessonResId: 11, subjectSerType: 4 })).toBe('/course-video?id=11');
    expect(courseRecordHref({ id: 2, lessonResId: 12, subjectSerType: 5 })).toBe('/series-courses?id=2');
    expect(courseRecordHref({ id: 3, lessonResId: 13, subjectSerType: 3 })).toBeNull();
  });
});
