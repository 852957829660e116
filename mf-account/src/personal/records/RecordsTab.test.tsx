import { AppProviders, api, MSG, toast, type ArticleListItem, type LessonCard, type PageResult } from '@qianyan/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router-dom';
import { RecordsTab } from './RecordsTab';
import { articleListItem, lessonCard, pageOf } from '@qianyan/shared/testing';

jest.setTimeout(90_000);
const WAIT = { timeout: 15_000 };
const settle = () => act(async () => {});

const article = (id: number, overrides: Partial<ArticleListItem> = {}): ArticleListItem =>
  articleListItem({
    id,
    author: 'Alice Smith, M.D., Bob Chen, Carol Wu, Dan Li',
    pcauthor: '',
    intro: '',
    postdate: '2025-03-04T00:00:00.000Z',
    pubdate: '2025-03-04T00:00:00.000Z',
    classNames: '肿瘤,,心脑血管',
    typeName: '论著类',
    filterName: '',
    typeid: 3,
    permalinks: `nejm-${id}`,
    ifCollect: 1,
    ...overrides,
  });

const lesson = (id: number, overrides: Partial<LessonCard> = {}): LessonCard =>
  lessonCard({ id, lessonResId: 100 + id, subhead: '副标题', coverPc: '[]', coverMobile: '[]', classNames: '糖尿病', ifFav: 1, ...overrides });

const page = <T,>(results: T[], total = results.length): PageResult<T> => pageOf(results, total);

function renderTab(list: 'favourites' | 'reading') {
  render(
    <AppProviders>
      <MemoryRouter>
        <RecordsTab list={list} />
      </MemoryRouter>
    </AppProviders>,
  );
}

let favArticles: jest.SpyInstance;
beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
  favArticles = jest.spyOn(api.user, 'selectMyFavArticle').mockResolvedValue(
    page([article(1), article(2, { sourceid: 7, sourceName: '动画解读', permalinks: 'anim-2', typeName: '' })], 2),
  );
  jest.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('my favourites: articles', () => {
  it('lists the rows with source, title link, 3 authors, tags and date', async () => {
    renderTab('favourites');
    const link = await screen.findByRole('link', { name: '文章标题 1' }, WAIT);
    expect(link).toHaveAttribute('href', '/article-info?permalinks=nejm-1');
    expect(screen.getByRole('link', { name: '文章标题 2' })).toHaveAttribute('href', '/article-transfer?sourceid=7&permalinks=anim-2');
    const row = link.closest('article')!;
    expect(within(row).getByText('Alice Smith, M.D., Bob Chen, Carol Wu…')).toBeInTheDocument();
    expect(within(row).getByText('肿瘤')).toBeInTheDocument();
    expect(within(row).getByText('心脑血管')).toBeInTheDocument();
    expect(within(row).getByText('2025-03-04')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(favArticles).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 }, { silent: true });
  });

  it('removes a favourite and reloads the current page', async () => {
    const cancel = jest.spyOn(api.user, 'cancelCollect').mockResolvedValue(true);
    renderTab('favourites');
    const row = (await screen.findByRole('link', { name: '文章标题 1' }, WAIT)).closest('article')!;
    fireEvent.click(within(row).getByRole('button', { name: '取消收藏' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith({ id: 1 }), WAIT);
    await waitFor(() => expect(favArticles).toHaveBeenCalledTimes(2), WAIT);
    expect(favArticles).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20 }, { silent: true });
  });

  it('filters by type: 动画 is source 7, and a filter goes back to page 1', async () => {
    renderTab('favourites');
    await screen.findByRole('link', { name: '文章标题 1' }, WAIT);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '类型' }));
    fireEvent.click(await screen.findByTitle('动画', undefined, WAIT));
    await waitFor(() => expect(favArticles).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, sourceIds: [7] }, { silent: true }), WAIT);
  });

  it('draws the filter bar without antd until a control is first used, then hands over to antd', async () => {
    renderTab('favourites');
    await screen.findByRole('link', { name: '文章标题 1' }, WAIT);
    const bar = screen.getByRole('search', { name: '筛选' });
    expect(bar.querySelector('.ant-select, .ant-picker, .ant-btn')).toBeNull();
    expect(within(bar).getByPlaceholderText('开始日期')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: '重置' })).toBeDisabled();
    fireEvent.focus(within(bar).getByPlaceholderText('结束日期'));
    await waitFor(() => expect(bar.querySelector('.ant-picker')).not.toBeNull(), WAIT);
    expect(bar.querySelector('.ant-select')).toBeNull();
  });

  it('filters by specialty with the spec ids', async () => {
    renderTab('favourites');
    await screen.findByRole('link', { name: '文章标题 1' }, WAIT);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '专业' }));
    fireEvent.click(await screen.findByTitle('呼吸', undefined, WAIT));
    await waitFor(
      () => expect(favArticles).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, articleClassIds: [7] }, { silent: true }),
      WAIT,
    );
  });

  it('says 未搜索到相关内容 when nothing matches', async () => {
    favArticles.mockResolvedValue(page([]));
    renderTab('favourites');
    expect(await screen.findByText(MSG.empty, undefined, WAIT)).toBeInTheDocument();
  });
});

describe('courses sub-tab', () => {
  it('lists lessons by the course type filter and removes them by lessonResId', async () => {
    const lessons = jest
      .spyOn(api.user, 'selectMyFavLesson')
      .mockResolvedValue(page([lesson(1), lesson(2, { subjectSerType: 2, title: '系列 2' })]));
    const cancel = jest.spyOn(api.user, 'cancelCollectLesson').mockResolvedValue(true);
    renderTab('favourites');
    await screen.findByRole('link', { name: '文章标题 1' }, WAIT);
    fireEvent.click(screen.getByText('课程'));
    expect(await screen.findByRole('link', { name: '课程 1' }, WAIT)).toHaveAttribute('href', '/course-video?id=101');
    expect(screen.getByRole('link', { name: '系列 2' })).toHaveAttribute('href', '/series-courses?id=2');
    expect(lessons).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 }, { silent: true });
    expect(screen.queryByRole('combobox', { name: '专业' })).not.toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '课程类型' }));
    fireEvent.click(await screen.findByTitle('系列课程', undefined, WAIT));
    await waitFor(() => expect(lessons).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, subjectSerType: [2, 5] }, { silent: true }), WAIT);

    const row = screen.getByRole('link', { name: '课程 1' }).closest('article')!;
    fireEvent.click(within(row).getByRole('button', { name: '取消收藏' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith({ id: 101 }), WAIT);
  });
});

describe('reading records', () => {
  it('call the reading lists and offer no remove icon', async () => {
    const read = jest.spyOn(api.user, 'selectMyReadArticle').mockResolvedValue(page([article(5, { ifCollect: 0 })]));
    renderTab('reading');
    await screen.findByRole('link', { name: '文章标题 5' }, WAIT);
    expect(read).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 }, { silent: true });
    expect(favArticles).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: '取消收藏' })).not.toBeInTheDocument();
  });
});

describe('mobile filter drawer', () => {
  it('applies the types and the calendar range on 确定', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    renderTab('favourites');
    await screen.findByRole('link', { name: '文章标题 1' }, WAIT);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /筛选/ }));
    const drawer = await screen.findByRole('dialog', undefined, WAIT);
    fireEvent.click(within(drawer).getByText('音频'));
    const first = dayjs().startOf('month');
    const today = dayjs();
    fireEvent.click(within(drawer).getByTitle(first.format('YYYY-MM-DD')).querySelector('.qy-rc-cell')!);
    fireEvent.click(within(drawer).getByTitle(today.format('YYYY-MM-DD')).querySelector('.qy-rc-cell')!);
    fireEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await settle();
    await waitFor(
      () =>
        expect(favArticles).toHaveBeenLastCalledWith(
          { pageNo: 1, pageSize: 20, sourceIds: [8], startDate: first.format('YYYYMMDD'), endDate: today.format('YYYYMMDD') },
          { silent: true },
        ),
      WAIT,
    );
    expect(screen.getByRole('button', { name: /筛选（2）/ })).toBeInTheDocument();
  });
});
