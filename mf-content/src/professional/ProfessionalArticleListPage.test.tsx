import { api, MSG } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { article, CLASSES, pageOf, renderAt, setViewportWidth } from '../test/fixtures';
import { classIdOfCode, parseAreaQuery } from './professionalQuery';

jest.setTimeout(30_000);

let listSpy: jest.SpyInstance;
let classSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  listSpy = jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([article()], 1));
  classSpy = jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
});

afterEach(() => jest.restoreAllMocks());

const lastQuery = () => listSpy.mock.calls[listSpy.mock.calls.length - 1][0];
const ARTICLE_SOURCES = [5, 6, 10, 11];

async function renderArea(url: string, heading: string) {
  const utils = renderAt(url, <AppRoutes />);
  await waitFor(() => expect(listSpy).toHaveBeenCalled());
  await screen.findByRole('heading', { level: 1, name: heading });
  return utils;
}

describe('articles of a disease area', () => {
  it('requests the class of the code with the tab sources, sort, dates, type ids and page of the URL', async () => {
    await renderArea(
      '/professional-article-list?code=20&activeKey=1&sortType=2&articleFilterIds=1,6&articleTypeIds=31' +
        '&startDate=20240101&endDate=20240630&page=2',
      '肿瘤',
    );
    expect(lastQuery()).toEqual({
      pageNo: 2,
      pageSize: 20,
      sourceIds: ARTICLE_SOURCES,
      articleClassIds: [2],
      sortType: 2,
      startDate: '20240101',
      endDate: '20240630',
      articleFilterIds: [1, 6],
      articleTypeIds: [31],
    });
    expect(screen.getByRole('tab', { name: '文章', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '最热' })).toBeChecked();
    expect(screen.getByDisplayValue('2024-01-01')).toBeInTheDocument();
    expect(document.title).toBe('肿瘤 - 千言医学');
  });

  it('opens on the 文章 tab, newest first, page 1', async () => {
    await renderArea('/professional-article-list?code=10', '心脑血管');
    expect(lastQuery()).toEqual({
      pageNo: 1,
      pageSize: 20,
      sourceIds: ARTICLE_SOURCES,
      articleClassIds: [4],
      sortType: 0,
    });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['文章', '动画解读']);
    // The area is fixed by the code: no disease-area filter.
    expect(screen.queryByRole('group', { name: '疾病领域' })).not.toBeInTheDocument();
  });

  it('activeKey=2 lists the animations of the area, each opening its animation page', async () => {
    listSpy.mockResolvedValue(
      pageOf([article({ title: '动画：心房颤动的抗凝', permalinks: 'QYA0001', sourceid: 7, sourceName: '动画解读' })], 1),
    );
    await renderArea('/professional-article-list?code=70&activeKey=2', '感染');
    expect(lastQuery()).toMatchObject({ sourceIds: [7], articleClassIds: [9] });
    expect(screen.getByRole('tab', { name: '动画解读', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '动画：心房颤动的抗凝' })).toHaveAttribute(
      'href',
      '/animation-particulars?permalinks=QYA0001',
    );
  });

  it('switching the tab resets sort, dates, type ids and the page', async () => {
    const { location } = await renderArea(
      '/professional-article-list?code=20&activeKey=1&sortType=1&articleFilterIds=2&startDate=20240101&endDate=20240630&page=3',
      '肿瘤',
    );
    await userEvent.click(screen.getByRole('tab', { name: '动画解读' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, sourceIds: [7], articleClassIds: [2], sortType: 0 }),
    );
    expect(location()).toBe('/professional-article-list?code=20&activeKey=2');
    expect(screen.getByRole('radio', { name: '最新' })).toBeChecked();
    expect(screen.queryByDisplayValue('2024-01-01')).not.toBeInTheDocument();
  });

  it('changing the sort keeps the tab and the type ids and returns to page 1', async () => {
    const { location } = await renderArea('/professional-article-list?code=30&activeKey=2&articleTypeIds=31&page=2', '糖尿病');
    await userEvent.click(screen.getByText('最早'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, sortType: 1, sourceIds: [7], articleTypeIds: [31] }));
    expect(location()).toBe('/professional-article-list?code=30&activeKey=2&sortType=1&articleTypeIds=31');
  });

  it('清除筛选 also drops the type ids that came with the link', async () => {
    const { location } = await renderArea('/professional-article-list?code=30&articleFilterIds=1', '糖尿病');
    await userEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(lastQuery().articleFilterIds).toBeUndefined());
    expect(location()).toBe('/professional-article-list?code=30&activeKey=1');
  });

  it('takes the heading from the class list', async () => {
    classSpy.mockResolvedValue([{ id: 2, classname: '肿瘤与血液', code: 20, num: 0, xcxIconSe: '' }]);
    await renderArea('/professional-article-list?code=20', '肿瘤与血液');
    expect(document.title).toBe('肿瘤与血液 - 千言医学');
  });

  it('links the other disease areas by name, and 述评 to the commentary list', async () => {
    await renderArea('/professional-article-list?code=20', '肿瘤');
    const nav = within(screen.getByRole('navigation', { name: '其他专业领域' }));
    expect(nav.getByRole('link', { name: '心脑血管' })).toHaveAttribute('href', '/professional-article-list?code=10');
    expect(nav.getByRole('link', { name: '感染' })).toHaveAttribute('href', '/professional-article-list?code=70');
    expect(nav.getByRole('link', { name: '述评' })).toHaveAttribute('href', '/commentary');
    expect(nav.queryByRole('link', { name: '肿瘤' })).not.toBeInTheDocument();
    expect(nav.getByText('肿瘤')).toHaveAttribute('aria-current', 'page');
    expect(nav.getAllByRole('listitem')).toHaveLength(8);
  });

  it('following a footer link loads that area from its first page', async () => {
    const { location } = await renderArea('/professional-article-list?code=20&activeKey=2&page=2', '肿瘤');
    const nav = within(screen.getByRole('navigation', { name: '其他专业领域' }));
    await userEvent.click(nav.getByRole('link', { name: '糖尿病' }));
    await screen.findByRole('heading', { level: 1, name: '糖尿病' });
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, sourceIds: ARTICLE_SOURCES, articleClassIds: [3] }));
    expect(location()).toBe('/professional-article-list?code=30');
  });

  it('shows 未搜索到相关内容 for an area without articles', async () => {
    listSpy.mockResolvedValue(pageOf([], 0));
    await renderArea('/professional-article-list?code=50&activeKey=2', '妇产与儿科');
    expect(await screen.findByText(MSG.empty)).toBeInTheDocument();
  });

  it.each(['code=80', 'code=99', 'code=abc', 'code=', ''])(
    'an unknown code (%s) says the area does not exist, requests nothing and offers the areas',
    async (query) => {
      renderAt(`/professional-article-list${query ? `?${query}` : ''}`, <AppRoutes />);
      expect(screen.getByRole('heading', { level: 1, name: '未找到该专业领域' })).toBeInTheDocument();
      expect(document.title).toBe('未找到该专业领域 - 千言医学');
      const nav = within(screen.getByRole('navigation', { name: '其他专业领域' }));
      expect(await nav.findByRole('link', { name: '肿瘤' })).toHaveAttribute('href', '/professional-article-list?code=20');
      expect(listSpy).not.toHaveBeenCalled();
    },
  );
});

describe('professional list URL', () => {
  it('maps only the codes 10 to 70 to class ids', () => {
    expect(['10', '20', '30', '40', '50', '60', '70'].map(classIdOfCode)).toEqual([4, 2, 3, 7, 8, 1, 9]);
    expect(['80', '90', '0', '-10', '1e1', 'constructor', null].map(classIdOfCode)).toEqual(Array(7).fill(undefined));
  });

  it('falls back to the first tab for activeKey 3 (audio is not a tab) and drops malformed values', () => {
    expect(
      parseAreaQuery(new URLSearchParams('activeKey=3&sortType=9&articleFilterIds=a,2,2&startDate=20240101&page=0'), 40),
    ).toEqual({ code: 40, activeKey: 1, sortType: 0, classIds: [], articleFilterIds: [2], articleTypeIds: [], page: 1 });
  });
});
