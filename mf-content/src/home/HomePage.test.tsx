import {
  api,
  ApiError,
  clearSession,
  dialogAtom,
  MSG,
  qyStore,
  setSession,
  SOURCE,
  type Advert,
  type ArticleListQuery,
  type HotReadItem,
  type WeeklyRecord,
} from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { resetAdvertSwitch } from '../portal/adverts';
import { article, CLASSES, pageOf, renderAt } from '../test/fixtures';

jest.setTimeout(30_000);

const hot = (over: Partial<HotReadItem>): HotReadItem => ({
  id: 1,
  relationType: 40,
  permalinks: '',
  title: '热门',
  intro: '',
  cover: '',
  classNames: '肿瘤',
  date: '2026-11-01',
  ifViewAuth: 0,
  accessLevel: 'public',
  ...over,
});

const HOT: HotReadItem[] = [
  hot({ id: 11, relationType: 40, permalinks: 'QYJ0011', title: '热门文章一' }),
  hot({ id: 9001, relationType: 10, title: '热门课程', ifViewAuth: 2 }),
  hot({ id: 3, relationType: 20, title: '会议预告一' }),
  hot({ id: 4, relationType: 30, title: '会议回顾一' }),
  hot({ id: 12, relationType: 40, permalinks: 'QYA0012', title: '热门文章二' }),
  hot({ id: 9002, relationType: 10, title: '资料课程', ifViewAuth: 1 }),
];

const WEEK: WeeklyRecord = {
  articleWeeklyPo: { id: 7, title: '2026年第45期 · 11月19日', thedate: '2026-11-19', catalogPermalinks: '' },
  articleMap: {
    '0': [],
    '5': [1, 2].map((i) => ({ ...article({ title: `本期期刊 ${i}` }), postdate: '2026-11-19T02:00:00.000Z' })),
    '6': [{ ...article({ title: '本期文摘 1', sourceid: 6, author: 'James R. Lindqvist，M.P.H.，Henrik C. Whitfield' }) }],
    '7': [],
    '1': [],
  },
};

const ad = (id: number, advertPosition: string, name: string): Advert => ({
  id,
  name,
  adUrl: '/download',
  imgUrl: JSON.stringify([{ url: `/api/static/adverts/${id}.svg` }]),
  advertPosition,
  ifPublish: 1,
});

function mockHome({ advert = 1, hotRead = 1, advertFails = false } = {}) {
  jest.spyOn(api.base, 'getBanner').mockResolvedValue({
    code: 'home',
    content: [1, 2, 3].map((i) => ({ pic: `/api/static/banners/home-${i}.svg`, title: `横幅标题 ${i}`, intro: `横幅简介 ${i}`, url: '/animation-list' })),
  });
  const switches = jest
    .spyOn(api.base, 'getModularSwitch')
    .mockImplementation(async ({ moduleName }) => ({ moduleName, switchValue: (moduleName === 'advert' ? advert : hotRead) as 0 | 1 }));
  const hotReads = jest
    .spyOn(api.hotRead, 'selectHotReadList')
    .mockImplementation(async ({ pageNo, pageSize }) => pageOf(HOT.slice((pageNo - 1) * pageSize, pageNo * pageSize), HOT.length, pageNo, pageSize));
  jest.spyOn(api.periodical, 'newestArticle').mockResolvedValue(WEEK);
  const adverts = jest.spyOn(api.advert, 'selectAdvertList').mockImplementation(async ({ advertPosition }) => {
    if (advertFails) throw new ApiError(-1, MSG.busy);
    const all = [ad(1, 'right-one', '右一广告'), ad(2, 'right-two', '右二广告'), ad(3, 'bottom', '底部广告')];
    return pageOf(all.filter((a) => a.advertPosition === advertPosition));
  });
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(api.article, 'selectArticleList').mockImplementation(async (q: ArticleListQuery) => {
    if (q.sourceIds?.[0] === SOURCE.animation) return pageOf([1, 2].map((i) => article({ title: `动画 ${i}`, sourceid: 7, permalinks: `QYA${i}` })));
    if (q.haswantsay === 1) return pageOf([1, 2, 3].map((i) => article({ title: `述评文章 ${i}`, haswantsay: 1 })));
    return pageOf([]);
  });
  return { switches, hotReads, adverts };
}

beforeEach(() => {
  // The editing-class remote cannot load under jest; its boundary logs the failure.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  resetAdvertSwitch();
  clearSession();
  qyStore.set(dialogAtom, null);
});
afterEach(() => jest.restoreAllMocks());

describe('home page', () => {
  it('shows banners, hot reads, the newest periodical, the right column, the fields and the editing-class block', async () => {
    const { hotReads } = mockHome();
    renderAt('/index', <AppRoutes />);

    const banners = await screen.findByRole('region', { name: '焦点推荐' });
    expect(within(banners).getAllByRole('img', { hidden: true, name: /^横幅标题/ })).toHaveLength(3);
    expect(within(banners).getAllByRole('button', { name: /^第 \d 张$/ })).toHaveLength(3);
    expect(within(banners).getByText('横幅标题 1')).toBeInTheDocument();
    expect(within(banners).getByText('横幅简介 1')).toBeInTheDocument();

    const hotSection = await screen.findByRole('region', { name: '热门阅读' });
    expect(await within(hotSection).findByText('热门文章一')).toBeInTheDocument();
    expect(within(hotSection).getAllByRole('listitem')).toHaveLength(4);
    expect(hotReads).toHaveBeenCalledWith({ pageNo: 1, pageSize: 4 }, { silent: true });
    expect(within(hotSection).getByRole('link', { name: /热门文章一/ })).toHaveAttribute('href', '/article-info?permalinks=QYJ0011');
    expect(within(hotSection).getByRole('link', { name: /热门课程/ })).toHaveAttribute('href', '/course-video?id=9001');
    expect(within(hotSection).getByRole('link', { name: /会议预告一/ })).toHaveAttribute('href', '/meeting-notice?id=3');
    expect(within(hotSection).getByRole('link', { name: /会议回顾一/ })).toHaveAttribute('href', '/meeting-review?id=4');

    const period = screen.getByRole('region', { name: '最新期刊' });
    expect(await within(period).findByText('2026年第45期 · 11月19日')).toBeInTheDocument();
    expect(within(period).getByRole('link', { name: '本期期刊 1' })).toBeInTheDocument();
    // A degree stays with the name before it (spec §5), as on the article lists.
    expect(within(period).getByText('James R. Lindqvist, M.P.H., Henrik C. Whitfield')).toBeInTheDocument();
    expect(within(period).getByRole('link', { name: /往期期刊/ })).toHaveAttribute('href', '/period-article?year=2026&month=11');

    expect(await screen.findByRole('img', { name: '右一广告' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '右二广告' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '底部广告' })).toBeInTheDocument();

    const anim = screen.getByRole('region', { name: '动画解读' });
    expect(await within(anim).findByRole('link', { name: '动画 1' })).toHaveAttribute('href', '/animation-particulars?permalinks=QYA1');
    const comm = screen.getByRole('region', { name: '述评' });
    expect(await within(comm).findAllByRole('link', { name: /^述评文章/ })).toHaveLength(3);

    const fields = screen.getByRole('region', { name: '专业领域' });
    expect(await within(fields).findByRole('link', { name: '肿瘤' })).toHaveAttribute('href', '/professional-article-list?code=20');
    expect(within(fields).getByRole('link', { name: /述评/ })).toHaveAttribute('href', '/commentary');
    expect(within(fields).getByRole('link', { name: /控烟/ })).toHaveAttribute('target', '_blank');

    // No remote loader in tests: the editing-class block falls back to a link, the page stays whole.
    expect(await screen.findByRole('link', { name: '前往课程资源' })).toHaveAttribute('href', '/course-resources');
  });

  it('pages the hot reads', async () => {
    const { hotReads } = mockHome();
    const { location } = renderAt('/index', <AppRoutes />);
    const hotSection = await screen.findByRole('region', { name: '热门阅读' });
    await within(hotSection).findByText('热门文章一');
    expect(within(hotSection).getByText('1 / 2')).toBeInTheDocument();
    await userEvent.click(within(hotSection).getByRole('button', { name: '下一页' }));
    expect(await within(hotSection).findByText('热门文章二')).toBeInTheDocument();
    expect(hotReads).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 4 }, { silent: true });
    expect(within(hotSection).getByRole('button', { name: '下一页' })).toBeDisabled();
    expect(location()).toBe('/index');
  });

  it('a lesson hot read asks a visitor to log in instead of opening', async () => {
    mockHome();
    const { location } = renderAt('/index', <AppRoutes />);
    const hotSection = await screen.findByRole('region', { name: '热门阅读' });
    await userEvent.click(await within(hotSection).findByRole('link', { name: /热门课程/ }));
    expect(await screen.findByText(MSG.loginToWatch)).toBeInTheDocument();
    expect(qyStore.get(dialogAtom)?.name).toBe('login');
    expect(location()).toBe('/index');
  });

  it('a logged-in reader opens a lesson hot read', async () => {
    mockHome();
    setSession('tok', { id: 1, membername: 'r', truename: '王', identity: '1', roleid: 1, avatar: '', subscribe_info: { service_type: 0, service_end_date: null }, ifNeedUpdate: 0 });
    const { location } = renderAt('/index', <AppRoutes />);
    const hotSection = await screen.findByRole('region', { name: '热门阅读' });
    await userEvent.click(await within(hotSection).findByRole('link', { name: /热门课程/ }));
    await waitFor(() => expect(location()).toBe('/course-video?id=9001'));
  });

  it('hides hot reads and adverts when their switches are off', async () => {
    const { adverts, hotReads } = mockHome({ advert: 0, hotRead: 0 });
    renderAt('/index', <AppRoutes />);
    expect(await screen.findByRole('region', { name: '焦点推荐' })).toBeInTheDocument();
    expect(await screen.findByText('本期期刊 1')).toBeInTheDocument();
    await waitFor(() => expect(api.base.getModularSwitch).toHaveBeenCalledWith({ moduleName: 'hot_read' }, { silent: true }));
    // The block's place is kept while the switch is asked, and given up when it says off.
    await waitFor(() => expect(screen.queryByRole('region', { name: '热门阅读' })).toBeNull());
    expect(hotReads).not.toHaveBeenCalled();
    expect(adverts).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: '右一广告' })).toBeNull();
  });

  it('a failing advert call leaves the rest of the page intact', async () => {
    mockHome({ advertFails: true });
    renderAt('/index', <AppRoutes />);
    expect(await screen.findByText('热门文章一')).toBeInTheDocument();
    expect(await screen.findByText('本期期刊 1')).toBeInTheDocument();
    await waitFor(() => expect(api.advert.selectAdvertList).toHaveBeenCalled());
    expect(screen.queryByRole('img', { name: '右一广告' })).toBeNull();
    expect(screen.queryByText(MSG.busy)).toBeNull();
  });

  it('the newest periodical shows busy lines while it loads, the busy message with 重试 when it fails, and the empty text when there is no issue', async () => {
    mockHome();
    const newest = jest.spyOn(api.periodical, 'newestArticle');
    let fail!: (e: Error) => void;
    newest.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    newest.mockResolvedValueOnce(null);
    renderAt('/index', <AppRoutes />);

    const period = screen.getByRole('region', { name: '最新期刊' });
    expect(period.querySelector('[aria-busy="true"]')).not.toBeNull();
    fail(new ApiError(-1, MSG.busy));
    expect(await within(period).findByRole('alert')).toHaveTextContent(MSG.busy);
    expect(period.querySelector('[aria-busy="true"]')).toBeNull();

    await userEvent.click(within(period).getByRole('button', { name: '重试' }));
    expect(await within(period).findByText(MSG.empty)).toBeInTheDocument();
    expect(newest).toHaveBeenCalledTimes(2);
  });
});
