import { api, MSG, toast } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { AppRoutes } from '../App';
import { article, CLASSES, pageOf, renderAt, setViewportWidth } from '../test/fixtures';

jest.setTimeout(30_000);

const label = (text: string) => new RegExp(`^${text.split('').join('\\s?')}$`);

const JOURNAL = [
  { id: 1, filtername: '综述类' },
  { id: 2, filtername: '临床病例类' },
  { id: 3, filtername: '论著类' },
  { id: 4, filtername: '评论类' },
  { id: 5, filtername: '其他' },
];
const DIGEST = [
  { id: 6, filtername: '临床指南' },
  { id: 7, filtername: '对临床实践的启示' },
  { id: 8, filtername: '临床实践的改变' },
  { id: 15, filtername: '新兴领域' },
  { id: 16, filtername: '其他' },
];

let listSpy: jest.SpyInstance;
let filterSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  listSpy = jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([article({ title: '相关文章一' })], 1));
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  filterSpy = jest
    .spyOn(api.article, 'selectArticleFilter')
    .mockImplementation(async (body) => ('sourceId' in body && body.sourceId === 6 ? DIGEST : JOURNAL));
});

afterEach(() => jest.restoreAllMocks());

const lastQuery = () => listSpy.mock.calls[listSpy.mock.calls.length - 1][0];

async function renderMore(url: string) {
  const utils = renderAt(url, <AppRoutes />);
  await screen.findByRole('heading', { level: 1, name: '更多相关文章' });
  return utils;
}

describe('/professional-more', () => {
  it('lists the linked articles, 20 per page, without sort or disease areas', async () => {
    await renderMore('/professional-more?articleIds=12,7,9');
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, articleIds: [12, 7, 9] }));
    expect(await screen.findByRole('heading', { name: '相关文章一' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '疾病领域' })).not.toBeInTheDocument();
    expect(document.title).toBe('更多相关文章 - 千言医学');
  });

  it('names the journal and digest type checkboxes from selectArticleFilter (sources 5 and 6)', async () => {
    await renderMore('/professional-more?articleIds=12&articleFilterIds=3,15');
    expect(filterSpy).toHaveBeenCalledWith({ sourceId: 5 }, { silent: true });
    expect(filterSpy).toHaveBeenCalledWith({ sourceId: 6 }, { silent: true });
    const journal = within(await screen.findByRole('group', { name: '期刊文章类型' }));
    const digest = within(screen.getByRole('group', { name: '期刊文摘类型' }));
    expect(journal.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(JOURNAL.map((f) => f.filtername));
    expect(digest.getAllByRole('checkbox')).toHaveLength(5);
    expect(journal.getByRole('checkbox', { name: '论著类' })).toBeChecked();
    expect(digest.getByRole('checkbox', { name: '新兴领域' })).toBeChecked();
    expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, articleIds: [12], articleFilterIds: [3, 15] });
  });

  it('ticking a type filters by its id, keeps the other group and returns to page 1', async () => {
    const { location } = await renderMore('/professional-more?articleIds=12,7&articleFilterIds=2&page=3');
    const digest = within(await screen.findByRole('group', { name: '期刊文摘类型' }));
    await userEvent.click(digest.getByRole('checkbox', { name: '临床指南' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, articleIds: [12, 7], articleFilterIds: [2, 6] }),
    );
    expect(location()).toBe('/professional-more?articleIds=12%2C7&articleFilterIds=2%2C6');
    await userEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, articleIds: [12, 7] }));
  });

  it('reads a date range of any day from 1970 to 2050', async () => {
    await renderMore('/professional-more?articleIds=12&startDate=19800101&endDate=20401231');
    expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, articleIds: [12], startDate: '19800101', endDate: '20401231' });
    expect(screen.getByDisplayValue('1980-01-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2040-12-31')).toBeInTheDocument();
  });

  it('shows 未搜索到相关内容 without asking the server when the link names no article', async () => {
    await renderMore('/professional-more');
    expect(await screen.findByText(MSG.empty)).toBeInTheDocument();
    expect(listSpy).not.toHaveBeenCalled();
  });

  it('shows 未搜索到相关内容 when nothing matches the filters', async () => {
    listSpy.mockResolvedValue(pageOf([], 0));
    await renderMore('/professional-more?articleIds=12&articleFilterIds=16');
    expect(await screen.findByText(MSG.empty)).toBeInTheDocument();
  });

  it('hides the type groups when the filter names cannot be loaded', async () => {
    filterSpy.mockRejectedValue(new Error('offline'));
    await renderMore('/professional-more?articleIds=12');
    expect(await screen.findByRole('heading', { name: '相关文章一' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '期刊文章类型' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: '发布日期' })).toBeInTheDocument();
  });

  it('removing a favourite says 已成功取消! and reloads the current page', async () => {
    jest.spyOn(toast, 'success').mockImplementation(() => {});
    const cancel = jest.spyOn(api.user, 'cancelCollect').mockResolvedValue(true);
    listSpy.mockResolvedValue(pageOf([article({ id: 77, title: '已收藏的相关文章', ifCollect: 1 })], 41, 2));
    await renderMore('/professional-more?articleIds=77,78&page=2');
    const item = (await screen.findByRole('heading', { name: '已收藏的相关文章' })).closest('article') as HTMLElement;
    const calls = listSpy.mock.calls.length;
    listSpy.mockResolvedValue(pageOf([article({ id: 77, title: '已收藏的相关文章', ifCollect: 0 })], 41, 2));
    await userEvent.click(within(item).getByRole('button', { name: '取消收藏' }));
    expect(cancel).toHaveBeenCalledWith({ id: 77 });
    expect(toast.success).toHaveBeenCalledWith(MSG.cancelled);
    await waitFor(() => expect(listSpy.mock.calls.length).toBe(calls + 1));
    expect(lastQuery()).toMatchObject({ pageNo: 2, articleIds: [77, 78] });
    await waitFor(() => expect(screen.queryByRole('button', { name: '取消收藏' })).not.toBeInTheDocument());
  });
});

describe('/professional-more on a phone', () => {
  beforeEach(() => {
    setViewportWidth(390);
    const computed = window.getComputedStyle.bind(window);
    jest.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
  });

  it('keeps the range calendar and the type groups in a drawer that applies on 确定', async () => {
    const { location } = await renderMore('/professional-more?articleIds=12');
    expect(screen.queryByRole('group', { name: '期刊文章类型' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: label('筛选') }));
    const drawer = within(await screen.findByRole('dialog'));
    await userEvent.click(await drawer.findByRole('checkbox', { name: '综述类' }));
    const today = dayjs();
    await userEvent.click(drawer.getByTitle(today.startOf('month').format('YYYY-MM-DD')));
    await userEvent.click(drawer.getByTitle(today.format('YYYY-MM-DD')));
    await userEvent.click(drawer.getByRole('button', { name: label('确定') }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        pageNo: 1,
        pageSize: 20,
        articleIds: [12],
        articleFilterIds: [1],
        startDate: today.startOf('month').format('YYYYMMDD'),
        endDate: today.format('YYYYMMDD'),
      }),
    );
    expect(location()).toMatch(/^\/professional-more\?articleIds=12&articleFilterIds=1&startDate=\d{8}&endDate=\d{8}$/);
  });

  it('lets the calendar go past today, up to 2050', async () => {
    await renderMore('/professional-more?articleIds=12');
    await userEvent.click(screen.getByRole('button', { name: label('筛选') }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByRole('button', { name: '下个月' })).toBeEnabled();
    const tomorrow = dayjs().add(1, 'day');
    if (tomorrow.isSame(dayjs(), 'month')) {
      expect(drawer.getByTitle(tomorrow.format('YYYY-MM-DD'))).not.toHaveClass('ant-picker-cell-disabled');
    }
  });
});
