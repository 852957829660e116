import dayjs from 'dayjs';
import { isOutside } from '../article-list/dates';
import { articleIdList, MORE_BOUNDS, moreHref, moreQuery, moreSearchParams, parseMoreQuery } from './moreQuery';

const parse = (q: string) => parseMoreQuery(new URLSearchParams(q));

describe('/professional-more query', () => {
  it('reads the articles, the type ids, the range and the page', () => {
    expect(parse('articleIds=12,7,9&articleFilterIds=3,15&startDate=19991231&endDate=20450101&page=2')).toEqual({
      articleIds: [12, 7, 9],
      filterIds: [3, 15],
      startDate: '19991231',
      endDate: '20450101',
      page: 2,
    });
  });

  it('keeps only journal (1–5) and digest (6, 7, 8, 15, 16) type ids', () => {
    expect(parse('articleIds=1&articleFilterIds=1,5,6,9,16,19,23').filterIds).toEqual([1, 5, 6, 16]);
  });

  it('drops malformed ids, ids no database can hold, and a range outside 1970–2050', () => {
    expect(parse('articleIds=a,,3,3,-4,2147483648,2147483647&startDate=19691231&endDate=20000101')).toEqual({
      articleIds: [3, 2147483647],
      filterIds: [],
      startDate: undefined,
      endDate: undefined,
      page: 1,
    });
    expect(parse('articleIds=3&startDate=20000101&endDate=20510101')).toMatchObject({ startDate: undefined, endDate: undefined });
  });

  it('sends at most 200 ids, the most the server takes in one request', () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    expect(articleIdList(ids.join(','))).toEqual(ids.slice(0, 200));
  });

  it('round-trips through the URL, leaving defaults out', () => {
    const state = { articleIds: [5, 8], filterIds: [2, 7], startDate: '19700101', endDate: '20501231', page: 3 };
    expect(parseMoreQuery(moreSearchParams(state))).toEqual(state);
    expect(moreSearchParams({ articleIds: [5, 8], filterIds: [], page: 1 }).toString()).toBe('articleIds=5%2C8');
  });

  it('asks for the linked articles, 20 per page, with the ticked types and the range', () => {
    expect(moreQuery({ articleIds: [5, 8], filterIds: [1, 6], startDate: '20200101', endDate: '20201231', page: 2 })).toEqual({
      pageNo: 2,
      pageSize: 20,
      articleIds: [5, 8],
      articleFilterIds: [1, 6],
      startDate: '20200101',
      endDate: '20201231',
    });
    expect(moreQuery({ articleIds: [5], filterIds: [], page: 1 })).toEqual({ pageNo: 1, pageSize: 20, articleIds: [5] });
  });

  it('asks for nothing when the link names no article', () => {
    expect(moreQuery(parse(''))).toBeNull();
    expect(moreQuery(parse('articleIds=x'))).toBeNull();
  });

  it('links with a plain comma list', () => {
    expect(moreHref([3, 14, 15])).toBe('/professional-more?articleIds=3,14,15');
  });

  it('the calendar runs from 1970-01-01 to 2050-12-31, future days included', () => {
    expect(isOutside(MORE_BOUNDS, dayjs('1969-12-31'))).toBe(true);
    expect(isOutside(MORE_BOUNDS, dayjs('1970-01-01'))).toBe(false);
    expect(isOutside(MORE_BOUNDS, dayjs().add(1, 'year'))).toBe(false);
    expect(isOutside(MORE_BOUNDS, dayjs('2050-12-31'))).toBe(false);
    expect(isOutside(MORE_BOUNDS, dayjs('2051-01-01'))).toBe(true);
  });
});
