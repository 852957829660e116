import { api, ApiError, MSG, SOURCE, type ArticleListQuery } from '@qianyan/shared';
import { screen, within } from '@testing-library/react';
import { AppRoutes } from '../App';
import { article, pageOf, renderAt } from '../test/fixtures';

jest.setTimeout(30_000);

afterEach(() => jest.restoreAllMocks());

const BY_SOURCE: Record<number, ReturnType<typeof article>[]> = {
  [SOURCE.journal]: Array.from({ length: 6 }, (_, i) => article({ title: `期刊文章 ${i + 1}`, filterName: '论著类' })),
  [SOURCE.catalyst]: [1, 2, 3].map((i) => article({ title: `Catalyst 文章 ${i}`, sourceid: 10, filterName: '论文' })),
  [SOURCE.evidence]: [1, 2, 3].map((i) => article({ title: `Evidence 文章 ${i}`, sourceid: 11, filterName: '综述类' })),
};

function mockLists(fail?: number) {
  return jest.spyOn(api.article, 'selectArticleList').mockImplementation(async (q: ArticleListQuery) => {
    const source = q.sourceIds?.[0] ?? 0;
    if (source === fail) throw new ApiError(-1, MSG.busy);
    return pageOf(BY_SOURCE[source] ?? [], 20);
  });
}

describe('home page', () => {
  it('shows the newest journal articles and the Catalyst and Evidence teasers', async () => {
    const spy = mockLists();
    renderAt('/index', <AppRoutes />);
    expect(screen.getByRole('heading', { level: 1, name: '千言医学' })).toBeInTheDocument();
    const latest = screen.getByRole('region', { name: '最新期刊文章' });
    expect(await within(latest).findAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(within(latest).getByRole('link', { name: '期刊文章 1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/article-info\?permalinks=QYJ/),
    );
    const catalyst = screen.getByRole('region', { name: 'Catalyst' });
    expect(await within(catalyst).findAllByRole('link', { name: /^Catalyst 文章/ })).toHaveLength(3);
    const evidence = screen.getByRole('region', { name: 'Evidence' });
    expect(await within(evidence).findAllByRole('link', { name: /^Evidence 文章/ })).toHaveLength(3);
    expect(spy).toHaveBeenCalledWith({ pageNo: 1, pageSize: 6, sourceIds: [5], sortType: 0 }, { silent: true });
    expect(spy).toHaveBeenCalledWith({ pageNo: 1, pageSize: 3, sourceIds: [10], sortType: 0 }, { silent: true });
    expect(spy).toHaveBeenCalledWith({ pageNo: 1, pageSize: 3, sourceIds: [11], sortType: 0 }, { silent: true });
  });

  it('links to the four article lists and the course resources', async () => {
    mockLists();
    renderAt('/', <AppRoutes />);
    const nav = screen.getByRole('region', { name: '栏目导航' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/nejm-list', '/nejm-periodical-list', '/nejm-catalyst-list', '/nejm-evidence-list', '/course-resources']);
    expect(await screen.findAllByRole('link', { name: /^期刊文章 \d/ })).toHaveLength(6);
    expect(document.title).toBe('千言医学 · 医学前沿');
  });

  it('a failing section shows its own error with retry while the others still show', async () => {
    mockLists(SOURCE.catalyst);
    renderAt('/index', <AppRoutes />);
    const catalyst = screen.getByRole('region', { name: 'Catalyst' });
    expect(await within(catalyst).findByText(MSG.busy)).toBeInTheDocument();
    expect(within(catalyst).getByRole('button', { name: /^重\s?试$/ })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /^Evidence 文章/ })).toHaveLength(3);
  });
});
