import type { IssueArticle } from '../../consoleApi';
import { add, articleIds, move, remove, sameOrder, toSections } from './ordering';

const a = (id: number, sourceId: number): IssueArticle => ({
  id,
  title: `文章${id}`,
  sourceId,
  sourceName: '',
  permalinks: `P${id}`,
  state: 'published',
  stateLabel: '已发布',
  publishAtShanghai: '',
});

describe('the order of an issue', () => {
  it('splits the articles into journal, digest and animation sections and joins them back in that order', () => {
    const sections = toSections([a(1, 6), a(2, 5), a(3, 7), a(4, 5), a(5, 6)]);
    expect(sections.journal.map((x) => x.id)).toEqual([2, 4]);
    expect(sections.digest.map((x) => x.id)).toEqual([1, 5]);
    expect(sections.animation.map((x) => x.id)).toEqual([3]);
    expect(articleIds(sections)).toEqual([2, 4, 1, 5, 3]);
  });

  it('moves an item up, down or to a dropped place, and ignores moves out of range', () => {
    const list = [1, 2, 3, 4];
    expect(move(list, 2, 1)).toEqual([1, 3, 2, 4]);
    expect(move(list, 0, 1)).toEqual([2, 1, 3, 4]);
    expect(move(list, 3, 0)).toEqual([4, 1, 2, 3]);
    expect(move(list, 0, -1)).toEqual(list);
    expect(move(list, 3, 4)).toEqual(list);
    expect(list).toEqual([1, 2, 3, 4]);
  });

  it('adds an article once and removes it', () => {
    const list = [a(1, 5)];
    expect(add(list, a(2, 5)).map((x) => x.id)).toEqual([1, 2]);
    expect(add(list, a(1, 5)).map((x) => x.id)).toEqual([1]);
    expect(remove([a(1, 5), a(2, 5)], 1).map((x) => x.id)).toEqual([2]);
  });

  it('tells a changed order from the same one', () => {
    expect(sameOrder([1, 2], [1, 2])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
    expect(sameOrder([1], [1, 2])).toBe(false);
  });
});
