import { api, MSG } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { article, CLASSES, pageOf, renderAt, setViewportWidth } from '../test/fixtures';

jest.setTimeout(30_000);

let listSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  listSpy = jest
    .spyOn(api.article, 'selectArticleList')
    .mockResolvedValue(pageOf([article({ title: '如何撰写随机对照试验的方法部分', permalinks: 'QYR0001', sourceid: 9, sourceName: '临床研究写作', typeName: '研究设计', filterName: '' })], 1));
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
});

afterEach(() => jest.restoreAllMocks());

const lastQuery = () => listSpy.mock.calls[listSpy.mock.calls.length - 1][0];

async function renderList(url: string) {
  const utils = renderAt(url, <AppRoutes />);
  await waitFor(() => expect(listSpy).toHaveBeenCalled());
  await screen.findByRole('heading', { level: 1, name: '临床研究写作' });
  return utils;
}

describe('clinical research writing list', () => {
  it('requests source 9, 20 per page, with the date range and page of the URL', async () => {
    await renderList('/clinical-research-list?startDate=20240101&endDate=20240630&page=2');
    expect(lastQuery()).toEqual({
      pageNo: 2,
      pageSize: 20,
      sourceIds: [9],
      startDate: '20240101',
      endDate: '20240630',
    });
    expect(screen.getByDisplayValue('2024-01-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2024-06-30')).toBeInTheDocument();
    expect(document.title).toBe('临床研究写作 - 千言医学');
  });

  it('has no tabs, no sort and no disease-area filter, only the date range', async () => {
    await renderList('/clinical-research-list?sortType=2&articleClassIds=4');
    expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, sourceIds: [9] });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '疾病领域' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: '发布日期' })).toBeInTheDocument();
  });

  it('shows each item with its source and type, linking to the article', async () => {
    await renderList('/clinical-research-list');
    const title = await screen.findByRole('link', { name: '如何撰写随机对照试验的方法部分' });
    const entry = within(title.closest('article') as HTMLElement);
    expect(title).toHaveAttribute('href', '/article-info?permalinks=QYR0001');
    expect(entry.getByText('临床研究写作')).toBeInTheDocument();
    expect(entry.getByText('研究设计')).toBeInTheDocument();
  });

  it('清除筛选 removes the date range and returns to page 1', async () => {
    const { location } = await renderList('/clinical-research-list?startDate=20240101&endDate=20240630&page=3');
    await userEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, sourceIds: [9] }));
    expect(location()).toBe('/clinical-research-list');
  });

  it('turning the page keeps the range in the URL', async () => {
    listSpy.mockResolvedValue(pageOf([article()], 45));
    const { location } = await renderList('/clinical-research-list?startDate=20240101&endDate=20240630');
    const pager = await screen.findByRole('navigation', { name: '分页' });
    await userEvent.click(within(pager).getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 2, startDate: '20240101' }));
    expect(location()).toBe('/clinical-research-list?startDate=20240101&endDate=20240630&page=2');
  });

  it('shows 未搜索到相关内容 for an empty list', async () => {
    listSpy.mockResolvedValue(pageOf([], 0));
    await renderList('/clinical-research-list?startDate=20100101&endDate=20100102');
    expect(await screen.findByText(MSG.empty)).toBeInTheDocument();
  });
});
