import { api, ApiError, MSG } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { openDetail } from '../article/testData';
import { article, CLASSES, pageOf, renderAt, setViewportWidth } from '../test/fixtures';

jest.setTimeout(30_000);

let listSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  listSpy = jest
    .spyOn(api.article, 'selectArticleList')
    .mockResolvedValue(pageOf([article({ title: '述评：免疫治疗的新阶段', permalinks: 'QYJ0101', haswantsay: 1 })], 1));
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
});

afterEach(() => jest.restoreAllMocks());

const lastQuery = () => listSpy.mock.calls[listSpy.mock.calls.length - 1][0];

async function renderList(url: string) {
  const utils = renderAt(url, <AppRoutes />);
  await waitFor(() => expect(listSpy).toHaveBeenCalled());
  await screen.findByRole('heading', { level: 1, name: '述评' });
  return utils;
}

describe('expert commentary list', () => {
  it('asks for articles with a commentary, 20 per page, of the disease areas in the URL', async () => {
    await renderList('/commentary?articleClassIds=4,2&page=2');
    expect(lastQuery()).toEqual({ pageNo: 2, pageSize: 20, haswantsay: 1, articleClassIds: [4, 2] });
    expect(await screen.findByRole('checkbox', { name: '心脑血管' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '肿瘤' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '糖尿病' })).not.toBeChecked();
    expect(document.title).toBe('述评 - 千言医学');
  });

  it('opens on every area, without sort or date filters', async () => {
    await renderList('/commentary');
    expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, haswantsay: 1 });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '发布日期' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('ticking a disease area filters by its class id and returns to page 1', async () => {
    const { location } = await renderList('/commentary?page=3');
    await userEvent.click(await screen.findByRole('checkbox', { name: '感染' }));
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, haswantsay: 1, articleClassIds: [9] }));
    expect(location()).toBe('/commentary?articleClassIds=9');
  });

  it('each item opens the commentary detail', async () => {
    jest
      .spyOn(api.article, 'getArticleDetail')
      .mockResolvedValue(openDetail({ title: '述评：免疫治疗的新阶段', haswantsay: 1, wantsay: '<p>述评正文。</p>' }));
    const { location } = await renderList('/commentary');
    const link = await screen.findByRole('link', { name: '述评：免疫治疗的新阶段' });
    expect(link).toHaveAttribute('href', '/article-particulars?permalinks=QYJ0101');
    await userEvent.click(link);
    await waitFor(() => expect(location()).toBe('/article-particulars?permalinks=QYJ0101'));
    expect(await screen.findByRole('heading', { level: 1, name: '述评：免疫治疗的新阶段' })).toBeInTheDocument();
    expect(screen.getByText('述评正文。')).toBeInTheDocument();
  });

  it('shows 未搜索到相关内容 for an empty list', async () => {
    listSpy.mockResolvedValue(pageOf([], 0));
    await renderList('/commentary?articleClassIds=3');
    expect(await screen.findByText(MSG.empty)).toBeInTheDocument();
  });

  it('shows the error state when the list fails', async () => {
    listSpy.mockRejectedValue(new ApiError(-1, MSG.networkError));
    await renderList('/commentary');
    expect(await screen.findByText(MSG.networkError)).toBeInTheDocument();
  });
});

describe('expert commentary list on a phone', () => {
  beforeEach(() => {
    setViewportWidth(390);
    // jsdom cannot compute pseudo-element styles, which the drawer's scroll lock asks for.
    const computed = window.getComputedStyle.bind(window);
    jest.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
  });

  it('offers only the disease areas in the filter drawer and applies them on 确定', async () => {
    const label = (text: string) => new RegExp(`^${text.split('').join('\\s?')}$`);
    const { location } = await renderList('/commentary');
    await userEvent.click(screen.getByRole('button', { name: label('筛选') }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.queryByRole('radio')).not.toBeInTheDocument();
    expect(drawer.queryByText('发布日期')).not.toBeInTheDocument();
    await userEvent.click(await drawer.findByRole('checkbox', { name: '肿瘤' }));
    await userEvent.click(drawer.getByRole('button', { name: label('确定') }));
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 20, haswantsay: 1, articleClassIds: [2] }));
    expect(location()).toBe('/commentary?articleClassIds=2');
  });
});
