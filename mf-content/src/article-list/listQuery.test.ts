import dayjs from 'dayjs';
import { rangeFields } from './FilterSidebar';
import { parseFilters, parseListQuery, toArticleQuery, toSearchParams } from './listQuery';

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
});
