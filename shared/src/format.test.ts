import dayjs from 'dayjs';
import {
  firstCoverUrl,
  formatAuthors,
  formatDate,
  formatDateTimeCn,
  fromApiDate,
  splitClassNames,
  toApiDate,
  toApiRange,
  yearMenu,
} from './format';

describe('author preview (§5)', () => {
  it('shows up to 3 names without an ellipsis when there are no more', () => {
    expect(formatAuthors('张伟, 李娜, 王芳')).toBe('张伟, 李娜, 王芳');
  });
  it('cuts after 3 names with an ellipsis', () => {
    expect(formatAuthors('张伟, 李娜, 王芳, 刘洋')).toBe('张伟, 李娜, 王芳…');
  });
  it('keeps a part ending in a full stop with the previous name', () => {
    expect(formatAuthors('John Smith, M.D., Jane Doe, Ph.D., Wei Zhang')).toBe(
      'John Smith, M.D., Jane Doe, Ph.D., Wei Zhang',
    );
    expect(formatAuthors('John Smith, M.D., Jane Doe, A. Lee, Wei Zhang')).toBe('John Smith, M.D., Jane Doe, A. Lee…');
  });
  it('stops when the text reaches 100 characters', () => {
    const long = Array.from({ length: 3 }, (_, i) => `${'Bartholomew-Featherstonehaugh'.repeat(2)}${i}`).join(', ');
    const out = formatAuthors(long);
    expect(out.endsWith('…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(101);
  });
  it('returns an empty string for no authors', () => {
    expect(formatAuthors('')).toBe('');
    expect(formatAuthors(null)).toBe('');
  });
});

describe('class names (§5)', () => {
  it('splits on commas and drops empty parts', () => {
    expect(splitClassNames('肿瘤,,糖尿病, ,感染,')).toEqual(['肿瘤', '糖尿病', '感染']);
    expect(splitClassNames(undefined)).toEqual([]);
  });
});

describe('dates (§5)', () => {
  it('sends dates as YYYYMMDD', () => {
    expect(toApiDate('2026-03-05')).toBe('20260305');
  });
  it('parses YYYYMMDD and rejects impossible dates', () => {
    expect(fromApiDate('20260305')?.format('YYYY-MM-DD')).toBe('2026-03-05');
    expect(fromApiDate('20260231')).toBeNull();
    expect(fromApiDate('2026-03-05')).toBeNull();
  });
  it('sends a range only when both ends are set', () => {
    expect(toApiRange(['2026-01-01', '2026-01-31'])).toEqual({ startDate: '20260101', endDate: '20260131' });
    expect(toApiRange([null, '2026-01-31'])).toEqual({});
    expect(toApiRange(null)).toEqual({});
  });
  it('formats display dates', () => {
    expect(formatDate('2026-03-05T10:00:00+08:00')).toMatch(/^2026-03-0[45]$/);
    expect(formatDateTimeCn(dayjs('2026-03-05 09:30'))).toBe('2026年03月05日 09:30');
  });
});

describe('year menu (§2.4, §9)', () => {
  it('covers the current year and the 10 before, 5 shown directly', () => {
    const { shown, more } = yearMenu('2026-11-21');
    expect(shown).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(more).toEqual([2021, 2020, 2019, 2018, 2017, 2016]);
  });
});

describe('cover lists', () => {
  it('takes the first url or path', () => {
    expect(firstCoverUrl('[{"path":"/a.png"},{"url":"/b.png"}]')).toBe('/a.png');
    expect(firstCoverUrl('[{"url":"/b.png"}]')).toBe('/b.png');
    expect(firstCoverUrl('not json')).toBe('');
    expect(firstCoverUrl('')).toBe('');
  });
});
