import {
  api,
  ApiError,
  ARTICLE_LIST_PAGES,
  clearSession,
  formatAuthors,
  MSG,
  setSession,
  toast,
  type ArticleListPath,
} from '@qianyan/shared';
import dayjs from 'dayjs';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { article, CLASSES, pageOf, renderAt, setViewportWidth } from '../test/fixtures';

jest.setTimeout(30_000);

/** antd puts a space between the two characters of a Chinese button label ("确 定"). */
const label = (text: string) => new RegExp(`^${text.split('').join('\\s?')}$`);

let listSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  listSpy = jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([article()], 1));
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
});

afterEach(() => jest.restoreAllMocks());

const lastQuery = () => listSpy.mock.calls[listSpy.mock.calls.length - 1][0];

async function renderList(url: string) {
  const utils = renderAt(url, <AppRoutes />);
  await waitFor(() => expect(listSpy).toHaveBeenCalled());
  await screen.findByRole('heading', { level: 1 });
  return utils;
}

describe('article list page', () => {
  it('reads tab, sort, classes, dates and page from the URL and requests that list', async () => {
    await renderList(
      '/nejm-list?type=3&sortType=2&articleClassIds=4,2&startDate=20240101&endDate=20240630&page=2',
    );
    expect(lastQuery()).toEqual({
      pageNo: 2,
      pageSize: 20,
      sourceIds: [5],
      articleFilterIds: [3],
      sortType: 2,
      articleClassIds: [4, 2],
      startDate: '20240101',
      endDate: '20240630',
    });
    expect(screen.getByRole('tab', { name: '论著类', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '最热' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: '心脑血管' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '肿瘤' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '糖尿病' })).not.toBeChecked();
    expect(screen.getByDisplayValue('2024-01-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2024-06-30')).toBeInTheDocument();
    expect(document.title).toBe('论著类 - 千言医学');
  });

  it('opens on the first tab, newest first, page 1, without classes or dates', async () => {
    await renderList('/nejm-list');
    expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, sourceIds: [5], articleFilterIds: [1], sortType: 0 });
    expect(screen.getByRole('tab', { name: '综述类', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '最新' })).toBeChecked();
  });

  it('ignores a tab id that is not one of the page tabs and a half date range', async () => {
    await renderList('/nejm-list?type=19&startDate=20240101&page=abc');
    expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, sourceIds: [5], articleFilterIds: [1], sortType: 0 });
  });

  it('switching the tab resets sort, classes, dates and the page', async () => {
    const { location } = await renderList(
      '/nejm-list?type=3&sortType=1&articleClassIds=4&startDate=20240101&endDate=20240630&page=3',
    );
    await userEvent.click(screen.getByRole('tab', { name: '临床病例类' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, sourceIds: [5], articleFilterIds: [2], sortType: 0 }),
    );
    expect(location()).toBe('/nejm-list?type=2');
    expect(screen.getByRole('radio', { name: '最新' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '心脑血管' })).not.toBeChecked();
    expect(document.title).toBe('临床病例类 - 千言医学');
  });

  it('changing the sort returns to page 1 and keeps the tab', async () => {
    const { location } = await renderList('/nejm-list?type=3&page=3');
    expect(lastQuery()).toMatchObject({ pageNo: 3 });
    await userEvent.click(screen.getByText('最早'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, sortType: 1, articleFilterIds: [3] }));
    expect(location()).toBe('/nejm-list?type=3&sortType=1');
  });

  it('ticking a disease area filters by its class id and returns to page 1', async () => {
    const { location } = await renderList('/nejm-list?type=1&page=2');
    await userEvent.click(await screen.findByRole('checkbox', { name: '肿瘤' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, articleClassIds: [2] }));
    expect(location()).toBe('/nejm-list?type=1&articleClassIds=2');
  });

  it('clearing the date range removes both dates', async () => {
    const { location } = await renderList('/nejm-list?type=1&startDate=20240101&endDate=20240630&page=2');
    // The plain picker shows the range as antd's RangePicker would.
    const dates = screen.getByRole('group', { name: '发布日期' });
    expect(within(dates).getByPlaceholderText('开始日期')).toHaveValue('2024-01-01');
    expect(within(dates).getByPlaceholderText('结束日期')).toHaveValue('2024-06-30');
    await userEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(lastQuery()).toEqual(expect.not.objectContaining({ startDate: expect.anything() })));
    expect(lastQuery()).toMatchObject({ pageNo: 1 });
    expect(lastQuery().endDate).toBeUndefined();
    expect(location()).toBe('/nejm-list?type=1');
  });

  it('the sort and disease-area filters are native inputs that work from the keyboard', async () => {
    const { location } = await renderList('/nejm-list?type=1');
    const box = await screen.findByRole('checkbox', { name: '糖尿病' });
    box.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(lastQuery()).toMatchObject({ articleClassIds: [3] }));
    expect(screen.getByRole('checkbox', { name: '糖尿病' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '最热' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortType: 2, articleClassIds: [3] }));
    expect(screen.getByRole('radio', { name: '最热' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '最新' })).not.toBeChecked();
    expect(location()).toContain('sortType=2');
  });

  it('the date range loads the real picker on first use, opened, and applies the picked range', async () => {
    const { location } = await renderList('/nejm-list?type=1');
    const dates = screen.getByRole('group', { name: '发布日期' });
    // The first view's stand-in: the two ends, empty.
    const start = within(dates).getByPlaceholderText('开始日期');
    expect(start).toHaveAttribute('readonly');
    expect(within(dates).getByPlaceholderText('结束日期')).toHaveValue('');
    expect(document.querySelector('.ant-picker')).toBeNull();
    await userEvent.click(start);
    // antd's picker takes its place, open, with the focus in its start input.
    await waitFor(() => expect(document.querySelector('.ant-picker-range')).not.toBeNull());
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
    const real = within(dates).getByPlaceholderText('开始日期');
    expect(real).not.toHaveAttribute('readonly');
    await waitFor(() => expect(real).toHaveFocus());
    const first = dayjs().subtract(1, 'month').startOf('month');
    const last = dayjs().startOf('month');
    await userEvent.click(document.querySelector(`.ant-picker-dropdown td[title="${first.format('YYYY-MM-DD')}"]`) as HTMLElement);
    await userEvent.click(document.querySelector(`.ant-picker-dropdown td[title="${last.format('YYYY-MM-DD')}"]`) as HTMLElement);
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ pageNo: 1, startDate: first.format('YYYYMMDD'), endDate: last.format('YYYYMMDD') }),
    );
    expect(location()).toContain(`startDate=${first.format('YYYYMMDD')}`);
  });

  it('turning the page requests that page and writes it to the URL', async () => {
    listSpy.mockResolvedValue(pageOf([article()], 45));
    const { location } = await renderList('/nejm-list?type=4');
    const pager = await screen.findByRole('navigation', { name: '分页' });
    expect(within(pager).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(pager).getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 2, articleFilterIds: [4] }));
    expect(location()).toBe('/nejm-list?type=4&page=2');
    expect(window.scrollTo).toHaveBeenCalled();
    await waitFor(() =>
      expect(within(screen.getByRole('navigation', { name: '分页' })).getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('shows source, type, title link, authors, intro, disease-area tags and date of each item', async () => {
    const item = article({
      id: 11,
      title: '重度抑郁症：发病机制的新认识',
      permalinks: 'QYJ0011',
      classNames: '肿瘤,,感染',
      intro: '本文综述了重度抑郁症的主要证据。',
      postdate: '2026-07-16T04:15:00.000Z',
    });
    listSpy.mockResolvedValue(pageOf([item], 1));
    await renderList('/nejm-list');
    const entry = (await screen.findByRole('heading', { name: item.title })).closest('article') as HTMLElement;
    const view = within(entry);
    expect(view.getByRole('link', { name: item.title })).toHaveAttribute('href', '/article-info?permalinks=QYJ0011');
    expect(view.getByText('期刊')).toBeInTheDocument();
    expect(view.getByText('综述类')).toBeInTheDocument();
    expect(view.getByText(formatAuthors(item.author))).toBeInTheDocument();
    expect(view.getByText(formatAuthors(item.author))).toHaveTextContent(/…$/);
    expect(view.getByText(item.intro)).toBeInTheDocument();
    expect(await view.findByRole('link', { name: '肿瘤' })).toHaveAttribute('href', '/professional-article-list?code=20');
    expect(view.getByRole('link', { name: '感染' })).toHaveAttribute('href', '/professional-article-list?code=70');
    expect(view.getByText('2026-07-16')).toBeInTheDocument();
    expect(screen.getByText('共 1 篇')).toBeInTheDocument();
  });

  it('shows the remove-collect icon only on collected items', async () => {
    listSpy.mockResolvedValue(pageOf([article({ title: '已收藏', ifCollect: 3 }), article({ title: '未收藏' })], 2));
    await renderList('/nejm-list');
    const collected = (await screen.findByRole('heading', { name: '已收藏' })).closest('article') as HTMLElement;
    const plain = screen.getByRole('heading', { name: '未收藏' }).closest('article') as HTMLElement;
    expect(within(collected).getByRole('button', { name: '取消收藏' })).toBeInTheDocument();
    expect(within(plain).queryByRole('button', { name: '取消收藏' })).not.toBeInTheDocument();
  });

  it('removing a favourite cancels it, says 已成功取消! and reloads the current page', async () => {
    const success = jest.spyOn(toast, 'success').mockImplementation(() => {});
    const cancel = jest.spyOn(api.user, 'cancelCollect').mockResolvedValue(true);
    listSpy.mockResolvedValue(pageOf([article({ id: 31, title: '已收藏', ifCollect: 1 })], 45, 3));
    await renderList('/nejm-list?type=2&sortType=1&page=3');
    const entry = (await screen.findByRole('heading', { name: '已收藏' })).closest('article') as HTMLElement;
    const calls = listSpy.mock.calls.length;
    listSpy.mockResolvedValue(pageOf([article({ id: 31, title: '已收藏', ifCollect: 0 })], 45, 3));
    await userEvent.click(within(entry).getByRole('button', { name: '取消收藏' }));
    expect(cancel).toHaveBeenCalledWith({ id: 31 });
    expect(success).toHaveBeenCalledWith(MSG.cancelled);
    await waitFor(() => expect(listSpy.mock.calls.length).toBe(calls + 1));
    expect(lastQuery()).toEqual({ pageNo: 3, pageSize: 20, sourceIds: [5], articleFilterIds: [2], sortType: 1 });
    await waitFor(() => expect(screen.queryByRole('button', { name: '取消收藏' })).not.toBeInTheDocument());
  });

  it('a failed removal keeps the page as it is', async () => {
    const success = jest.spyOn(toast, 'success').mockImplementation(() => {});
    jest.spyOn(api.user, 'cancelCollect').mockRejectedValue(new ApiError(-1, MSG.networkError));
    listSpy.mockResolvedValue(pageOf([article({ id: 32, title: '已收藏', ifCollect: 1 })], 1));
    await renderList('/nejm-list');
    const entry = (await screen.findByRole('heading', { name: '已收藏' })).closest('article') as HTMLElement;
    const calls = listSpy.mock.calls.length;
    await userEvent.click(within(entry).getByRole('button', { name: '取消收藏' }));
    await waitFor(() => expect(within(entry).getByRole('button', { name: '取消收藏' })).toBeEnabled());
    expect(success).not.toHaveBeenCalled();
    expect(listSpy.mock.calls.length).toBe(calls);
  });

  it('reloads after the session ends, so collected marks do not outlive it', async () => {
    setSession('tok', { id: 1, membername: 'r', truename: '', identity: '', roleid: 0, avatar: '', subscribe_info: { service_type: 0, service_end_date: null }, ifNeedUpdate: 0 });
    listSpy.mockResolvedValue(pageOf([article({ title: '已收藏', ifCollect: 1 })], 1));
    await renderList('/nejm-list');
    await screen.findByRole('button', { name: '取消收藏' });
    const calls = listSpy.mock.calls.length;
    listSpy.mockResolvedValue(pageOf([article({ title: '已收藏', ifCollect: 0 })], 1));
    act(() => clearSession());
    await waitFor(() => expect(listSpy.mock.calls.length).toBe(calls + 1));
    await waitFor(() => expect(screen.queryByRole('button', { name: '取消收藏' })).not.toBeInTheDocument());
  });

  it('shows 未搜索到相关内容 for an empty list', async () => {
    listSpy.mockResolvedValue(pageOf([], 0));
    await renderList('/nejm-list');
    expect(await screen.findByText(MSG.empty)).toBeInTheDocument();
  });

  it('shows the error state when the list fails, and retry loads it again', async () => {
    listSpy.mockRejectedValueOnce(new ApiError(-1, MSG.networkError));
    await renderList('/nejm-list');
    expect(await screen.findByText(MSG.networkError)).toBeInTheDocument();
    listSpy.mockResolvedValue(pageOf([article({ title: '重新加载的文章' })], 1));
    await userEvent.click(screen.getByRole('button', { name: label('重试') }));
    expect(await screen.findByRole('heading', { name: '重新加载的文章' })).toBeInTheDocument();
  });

  it.each(Object.entries(ARTICLE_LIST_PAGES) as [ArticleListPath, (typeof ARTICLE_LIST_PAGES)[ArticleListPath]][])(
    '%s shows its own tabs and asks for its own source',
    async (path, config) => {
      await renderList(path);
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(config.tabs.map((t) => t.label));
      expect(lastQuery()).toMatchObject({ sourceIds: [config.sourceId], articleFilterIds: [config.tabs[0].id] });
      if (config.withClassFilter) expect(await screen.findByRole('group', { name: '疾病领域' })).toBeInTheDocument();
      else expect(screen.queryByRole('group', { name: '疾病领域' })).not.toBeInTheDocument();
    },
  );

  it('the Catalyst list ignores disease areas in its URL', async () => {
    await renderList('/nejm-catalyst-list?type=21&articleClassIds=4');
    expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, sourceIds: [10], articleFilterIds: [21], sortType: 0 });
  });
});

describe('article list page on a phone', () => {
  beforeEach(() => {
    setViewportWidth(390);
    // jsdom cannot compute pseudo-element styles, which the drawer's scroll lock asks for.
    const computed = window.getComputedStyle.bind(window);
    jest.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
  });

  it('keeps the filters in a drawer that applies on 确定', async () => {
    const { location } = await renderList('/nejm-list?type=2&page=2');
    expect(screen.queryByRole('radio', { name: '最早' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: label('筛选') }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByText('最早'));
    await userEvent.click(await within(drawer).findByRole('checkbox', { name: '糖尿病' }));
    expect(lastQuery()).toMatchObject({ pageNo: 2, sortType: 0 });
    await userEvent.click(within(drawer).getByRole('button', { name: label('确定') }));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ pageNo: 1, sortType: 1, articleClassIds: [3], articleFilterIds: [2] }),
    );
    expect(location()).toBe('/nejm-list?type=2&sortType=1&articleClassIds=3');
  });

  it('重置 clears the draft so 确定 lists everything again', async () => {
    await renderList('/nejm-list?type=2&sortType=2&articleClassIds=4');
    await userEvent.click(screen.getByRole('button', { name: label('筛选') }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByRole('button', { name: label('重置') }));
    expect(within(drawer).getByRole('radio', { name: '最新' })).toBeChecked();
    await userEvent.click(within(drawer).getByRole('button', { name: label('确定') }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, sourceIds: [5], articleFilterIds: [2], sortType: 0 }),
    );
  });

  it('picks a date range by tapping its first and last day in the calendar', async () => {
    await renderList('/nejm-list?type=1');
    await userEvent.click(screen.getByRole('button', { name: label('筛选') }));
    const drawer = await screen.findByRole('dialog');
    // Tap the first day of this month, then today: the range is sent as YYYYMMDD.
    const today = dayjs();
    const first = today.startOf('month');
    await userEvent.click(within(drawer).getByTitle(first.format('YYYY-MM-DD')));
    expect(within(drawer).getByText('请选择结束日期')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByTitle(today.format('YYYY-MM-DD')));
    await userEvent.click(within(drawer).getByRole('button', { name: label('确定') }));
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ startDate: first.format('YYYYMMDD'), endDate: today.format('YYYYMMDD') }),
    );
  });
});
