import { activeSection, fieldLinks, journalYears } from './menu';

describe('journal year list', () => {
  it('lists the last 11 years newest first: 5 shown, 6 under 更多, each linking to its period page', () => {
    const { shown, more } = journalYears(new Date('2026-03-15T12:00:00'));
    expect(shown.map((y) => y.label)).toEqual(['2026年', '2025年', '2024年', '2023年', '2022年']);
    expect(more.map((y) => y.label)).toEqual(['2021年', '2020年', '2019年', '2018年', '2017年', '2016年']);
    expect(shown[0].to).toBe('/period-article?year=2026');
    expect(more[5].to).toBe('/period-article?year=2016');
  });
});

describe('professional field links', () => {
  it('links each class by its field code and ends with 述评', () => {
    const links = fieldLinks([
      { id: 4, classname: '心脑血管', code: 10, num: 0, xcxIconSe: '' },
      { id: 2, classname: '肿瘤', code: 20, num: 0, xcxIconSe: '' },
    ]);
    expect(links.map((l) => [l.label, l.to])).toEqual([
      ['心脑血管', '/professional-article-list?code=10'],
      ['肿瘤', '/professional-article-list?code=20'],
      ['述评', '/commentary'],
    ]);
  });

  it('still offers 述评 when the class list is missing', () => {
    expect(fieldLinks(undefined).map((l) => l.label)).toEqual(['述评']);
  });
});

describe('active menu entry', () => {
  it.each([
    ['/', 'home'],
    ['/index', 'home'],
    ['/period-article', 'journals'],
    ['/latest-periodical', 'journals'],
    ['/nejm-list', 'journals'],
    ['/nejm-catalyst-list/', 'journals'],
    ['/professional-article-list', 'fields'],
    ['/commentary', 'fields'],
    ['/animation-list', 'animation'],
    ['/animation-particulars', 'animation'],
    ['/course-resources', 'courses'],
    ['/series-courses', 'courses'],
    ['/about', 'about'],
    ['/personal', null],
    ['/search', null],
  ])('%s highlights %s', (path, section) => {
    expect(activeSection(path)).toBe(section);
  });
});
