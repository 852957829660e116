import { MSG } from '@qianyan/shared';
import { pickMonth, periodYears, readPeriodQuery } from '../periodical/periodQuery';
import { advertImage } from './adverts';
import { gateHotRead, hotReadHref } from './hotReads';

describe('hot read links and gates', () => {
  it('links each relation type to its page', () => {
    expect(hotReadHref({ relationType: 10, id: 5, permalinks: '' })).toBe('/course-video?id=5');
    expect(hotReadHref({ relationType: 20, id: 6, permalinks: '' })).toBe('/meeting-notice?id=6');
    expect(hotReadHref({ relationType: 30, id: 7, permalinks: '' })).toBe('/meeting-review?id=7');
    expect(hotReadHref({ relationType: 40, id: 8, permalinks: 'QYJ 1' })).toBe('/article-info?permalinks=QYJ%201');
  });

  it('a lesson needs login, and with ifViewAuth 1 a role', () => {
    const lesson = { relationType: 10 as const, ifViewAuth: 1 };
    expect(gateHotRead(lesson, false, null)).toEqual({ ok: false, reason: 'login', message: MSG.loginToWatch });
    expect(gateHotRead(lesson, true, { roleid: 0, identity: '' })).toEqual({ ok: false, reason: 'profile', message: MSG.profileIncomplete });
    expect(gateHotRead(lesson, true, { roleid: 1, identity: '1' })).toEqual({ ok: true });
    expect(gateHotRead(lesson, true, { roleid: 0, identity: '3' })).toEqual({ ok: true });
    expect(gateHotRead({ relationType: 10, ifViewAuth: 2 }, true, { roleid: 0, identity: '' })).toEqual({ ok: true });
    expect(gateHotRead({ relationType: 40, ifViewAuth: 0 }, false, null)).toEqual({ ok: true });
  });
});

describe('periodical query', () => {
  it('covers the current year and the 10 before it', () => {
    expect(periodYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016]);
  });

  it('reads year and month, dropping values out of range', () => {
    expect(readPeriodQuery(new URLSearchParams('year=2024&month=3'), 2026)).toEqual({ year: 2024, month: 3 });
    expect(readPeriodQuery(new URLSearchParams('year=2010&month=13'), 2026)).toEqual({ year: 2026, month: null });
    expect(readPeriodQuery(new URLSearchParams(''), 2026)).toEqual({ year: 2026, month: null });
  });

  it('defaults to the newest month the server lists', () => {
    expect(pickMonth([1, 3, 8], null)).toBe(8);
    expect(pickMonth([1, 3, 8], 3)).toBe(3);
    expect(pickMonth([1, 3, 8], 5)).toBe(8);
    expect(pickMonth([], 5)).toBeNull();
  });
});

describe('advert images', () => {
  it('reads the first url and survives bad JSON', () => {
    expect(advertImage('[{"url":"/a.svg"},{"url":"/b.svg"}]')).toBe('/a.svg');
    expect(advertImage('not json')).toBe('');
    expect(advertImage('{}')).toBe('');
  });
});
