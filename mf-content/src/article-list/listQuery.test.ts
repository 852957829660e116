import dayjs from 'dayjs';
import { isDisabledListDate } from './dates';
import { rangeFields } from './FilterSidebar';
import { parseFilters, parseListQuery, toArticleQuery, toSearchParams } from './listQuery';
import { nextRange } from './RangeCalendar';

const parse = (q: string, path: Parameters<typeof parseListQuery>[1] = '/nejm-list') =>
  parseListQuery(new URLSearchParams(q), path);

describe('list query in the URL', () => {
  it('reads every field of a full query', () => {
    expect(parse('type=15&sortType=1&articleClassIds=4,9&startDate=20230105&endDate=20231231&page=4', '/nejm-periodical-list')).toEqual({
      type: 15,
      sortType: 1,
      classIds: [4, 9],
      startDate: '20230105',
      endDate: '20231231',
      page: 4,
    });
  });

  it('falls back to defaults for malformed values', () => {
    expect(parse('type=99&sortType=7&articleClassIds=a,,-1,4,4&startDate=20231301&endDate=20231231&page=0')).toEqual({
      type: 1,
      sortType: 0,
      classIds: [4],
      startDate: undefined,
      endDate: undefined,
      page: 1,
    });
  });

  it('drops a range whose start is after its end', () => {
    expect(parse('startDate=20240201&endDate=20240101')).toMatchObject({ startDate: undefined, endDate: undefined });
  });

  it('writes only what differs from the defaults', () => {
    expect(toSearchParams({ type: 20, sortType: 0, classIds: [], page: 1 }).toString()).toBe('type=20');
    expect(
      toSearchParams({ type: 3, sortType: 2, classIds: [4, 2], startDate: '20240101', endDate: '20240131', page: 2 }).toString(),
    ).toBe('type=3&sortType=2&articleClassIds=4%2C2&startDate=20240101&endDate=20240131&page=2');
  });

  it('round-trips through the URL', () => {
    const state = { type: 7, sortType: 2 as const, classIds: [8], startDate: '20200101', endDate: '20201231', page: 3 };
    expect(parseListQuery(toSearchParams(state), '/nejm-periodical-list')).toEqual(state);
  });

  it('builds the request with the page source, the tab as filter id and 20 per page', () => {
    expect(toArticleQuery({ type: 25, sortType: 1, classIds: [], page: 2 }, '/nejm-evidence-list')).toEqual({
      pageNo: 2,
      pageSize: 20,
      sourceIds: [11],
      articleFilterIds: [25],
      sortType: 1,
    });
  });
});

describe('filters a page does not offer', () => {
  it('stay at their defaults whatever the URL says', () => {
    const params = new URLSearchParams('sortType=2&articleClassIds=4&startDate=20240101&endDate=20240131');
    expect(parseFilters(params, { sort: false, classes: false, dates: true })).toEqual({
      sortType: 0,
      classIds: [],
      startDate: '20240101',
      endDate: '20240131',
    });
    expect(parseFilters(params, { sort: false, classes: true, dates: false })).toEqual({ sortType: 0, classIds: [4] });
  });
});

describe('date range', () => {
  it('needs both ends; clearing removes both', () => {
    expect(rangeFields([dayjs('2024-01-02'), dayjs('2024-03-04')])).toEqual({ startDate: '20240102', endDate: '20240304' });
    expect(rangeFields([dayjs('2024-01-02'), null])).toEqual({ startDate: undefined, endDate: undefined });
    expect(rangeFields(null)).toEqual({ startDate: undefined, endDate: undefined });
  });

  it('disables days after today and before 2010-01-01', () => {
    expect(isDisabledListDate(dayjs().add(1, 'day'))).toBe(true);
    expect(isDisabledListDate(dayjs())).toBe(false);
    expect(isDisabledListDate(dayjs('2009-12-31'))).toBe(true);
    expect(isDisabledListDate(dayjs('2010-01-01'))).toBe(false);
  });

  it('the range calendar starts on the first tap and ends on a later second tap', () => {
    const d = (s: string) => dayjs(s);
    const started = nextRange([null, null], d('2024-05-10'));
    expect(started.map((x) => x?.format('YYYYMMDD'))).toEqual(['20240510', undefined]);
    const ended = nextRange(started, d('2024-05-20'));
    expect(ended.map((x) => x?.format('YYYYMMDD'))).toEqual(['20240510', '20240520']);
    // An earlier second tap restarts; a tap after a full range starts a new one.
    expect(nextRange(started, d('2024-05-01')).map((x) => x?.format('YYYYMMDD'))).toEqual(['20240501', undefined]);
    expect(nextRange(ended, d('2024-06-01')).map((x) => x?.format('YYYYMMDD'))).toEqual(['20240601', undefined]);
  });
});
