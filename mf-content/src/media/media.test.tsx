import { api, clearSession, dialogAtom, MSG, qyStore, setSession, toast, type ArticleDetail } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { AppRoutes } from '../App';
import { articleDetail, MEMBER, openDetail } from '../article/testData';
import { article, CLASSES, pageOf, renderAt } from '../test/fixtures';
import { startActionOf } from './MediaPlayer';
import { readMediaQuery, toggleClass, writeMediaQuery } from './mediaQuery';

jest.setTimeout(30_000);

const ANIM = { sourceid: 7, sourceName: '动画解读', permalinks: 'QYA0001', title: '一图看懂随机对照试验', thumb: '/api/static/covers/cover-1.svg' };
const VIDEO = '/api/static/media/animation-1.mp4?v=QYA0001';

let detailSpy: jest.SpyInstance;
beforeEach(() => {
  clearSession();
  qyStore.set(dialogAtom, null);
  detailSpy = jest.spyOn(api.article, 'getArticleDetail');
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(api.article, 'getRelationVideo').mockResolvedValue([]);
  // The detail page's right column: the newest of the same kind.
  jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([]));
  jest.spyOn(toast, 'warning').mockImplementation(() => {});
  jest.spyOn(toast, 'success').mockImplementation(() => {});
  jest.spyOn(toast, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

async function openPage(detail: ArticleDetail, url = '/animation-particulars?permalinks=QYA0001') {
  detailSpy.mockResolvedValue(detail);
  const utils = renderAt(url, <AppRoutes />);
  await screen.findByRole('heading', { level: 1, name: ANIM.title });
  return utils;
}

describe('the detail page\'s right column', () => {
  it('lists the newest other animations, also when the item has no related articles', async () => {
    const list = jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(
      pageOf([
        article({ ...ANIM, id: 1 }),
        article({ ...ANIM, id: 2, title: '动画解读：心衰的四联治疗', permalinks: 'QYA0002' }),
        article({ ...ANIM, id: 3, title: '动画解读：房颤的抗凝', permalinks: 'QYA0003' }),
      ]),
    );
    await openPage(articleDetail({ ...ANIM, id: 1, accessLevel: 'public', contentLocked: false }));
    const more = await screen.findByRole('complementary', { name: '更多动画解读' });
    expect(await within(more).findByRole('link', { name: '动画解读：心衰的四联治疗' })).toHaveAttribute('href', '/animation-particulars?permalinks=QYA0002');
    expect(within(more).getAllByRole('link')).toHaveLength(2);
    expect(within(more).queryByRole('link', { name: ANIM.title })).toBeNull();
    expect(list).toHaveBeenCalledWith({ pageNo: 1, pageSize: 7, sourceIds: [7], sortType: 0 }, { silent: true });
    expect(screen.queryByRole('complementary', { name: '相关阅读' })).toBeNull();
  });

  it('links audio items to their own page', async () => {
    jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([article({ ...ANIM, id: 9, sourceid: 8, title: '音频：卒中二级预防', permalinks: 'QYU0009' })]));
    await openPage(articleDetail({ ...ANIM, id: 1, sourceid: 8, accessLevel: 'public', contentLocked: false }), '/audio-particulars?permalinks=QYA0001');
    const more = await screen.findByRole('complementary', { name: '更多音频' });
    expect(await within(more).findByRole('link', { name: '音频：卒中二级预防' })).toHaveAttribute('href', '/audio-particulars?permalinks=QYU0009');
  });
});

describe('video start rules', () => {
  it('maps login and access state to the start action', () => {
    expect(startActionOf(false, 'open')).toBe('login');
    expect(startActionOf(true, 'usedUp')).toBe('usedUp');
    expect(startActionOf(true, 'freeRead')).toBe('freeRead');
    expect(startActionOf(true, 'subscribe')).toBe('subscribe');
    expect(startActionOf(true, 'open')).toBe('play');
  });

  it('a visitor gets the warning and the login prompt, no player', async () => {
    await openPage(articleDetail({ ...ANIM, accessLevel: 'public', contentLocked: false }));
    await userEvent.click(screen.getByRole('button', { name: '登录后观看' }));
    expect(toast.warning).toHaveBeenCalledWith(MSG.loginToWatch);
    expect(qyStore.get(dialogAtom)?.name).toBe('login');
    expect(screen.queryByTestId('media-video')).toBeNull();
  });

  it('a member plays: the video with its speeds, and each play counts', async () => {
    setSession('tok-42', MEMBER);
    const count = jest.spyOn(api.user, 'addVideoCount').mockResolvedValue({ plays: 1 });
    await openPage(openDetail({ ...ANIM, videoUrl: VIDEO }));
    await userEvent.click(screen.getByRole('button', { name: '播放' }));
    const video = await screen.findByTestId('media-video');
    expect(video).toHaveAttribute('src', VIDEO);
    const rates = screen.getByRole('group', { name: '倍速' });
    expect(within(rates).getAllByRole('button').map((b) => b.textContent)).toEqual(['0.5x', '1x', '1.5x', '2x']);
    await userEvent.click(within(rates).getByRole('button', { name: '1.5x' }));
    expect((video as HTMLVideoElement).playbackRate).toBe(1.5);
    video.dispatchEvent(new Event('play'));
    await waitFor(() => expect(count).toHaveBeenCalledWith({ relationId: 101, relationType: 10 }, { silent: true }));
  });

  it('shows 此视频暂无法播放，请稍后再试 when the video fails', async () => {
    setSession('tok-42', MEMBER);
    await openPage(openDetail({ ...ANIM, videoUrl: VIDEO }));
    await userEvent.click(screen.getByRole('button', { name: '播放' }));
    (await screen.findByTestId('media-video')).dispatchEvent(new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.videoUnsupported);
  });

  it('a non-member with a chance left is asked to use the free read, which unlocks and plays', async () => {
    setSession('tok-42', MEMBER);
    const claim = jest.spyOn(api.program, 'articleUseMonthChance').mockResolvedValue({ result: '1', msg: '使用成功', article_content: '<p>全文</p>' } as never);
    detailSpy.mockResolvedValueOnce(articleDetail({ ...ANIM, is_subscribe: 1, is_have_view_auth: 2, is_month_chance: 2 }));
    detailSpy.mockResolvedValue(openDetail({ ...ANIM, videoUrl: VIDEO, is_subscribe: 1, is_have_view_auth: 1, is_month_chance: 1 }));
    renderAt('/animation-particulars?permalinks=QYA0001', <AppRoutes />);
    await screen.findByRole('heading', { level: 1, name: ANIM.title });
    await userEvent.click(screen.getByRole('button', { name: '播放' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/还有 1 次免费阅读机会/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '使用本月免费阅读' }));
    await waitFor(() => expect(claim).toHaveBeenCalledWith(101, { silent: true }));
    expect(await screen.findByTestId('media-video')).toHaveAttribute('src', VIDEO);
  });

  it('used up: the warning, no player', async () => {
    setSession('tok-42', MEMBER);
    await openPage(articleDetail({ ...ANIM, is_subscribe: 1, is_have_view_auth: 2, is_month_chance: 1 }));
    await userEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(toast.warning).toHaveBeenCalledWith(MSG.freeReadsUsedUp);
    expect(screen.queryByTestId('media-video')).toBeNull();
  });

  it('the audio page plays audio', async () => {
    setSession('tok-42', MEMBER);
    jest.spyOn(api.user, 'addVideoCount').mockResolvedValue({ plays: 1 });
    await openPage(openDetail({ ...ANIM, sourceid: 8, videoUrl: '/api/static/media/audio-1.mp3' }), '/audio-particulars?permalinks=QYA0001');
    await userEvent.click(screen.getByRole('button', { name: '播放' }));
    expect(await screen.findByTestId('media-audio')).toHaveAttribute('src', '/api/static/media/audio-1.mp3');
    expect(screen.getByTestId('media-audio')).toHaveTextContent(MSG.audioUnsupported);
  });
});

describe('/animation-list', () => {
  it('asks for 9 animations a page with the URL filters and links tags to the professional list', async () => {
    const list = jest
      .spyOn(api.article, 'selectArticleList')
      .mockResolvedValue(pageOf([article({ ...ANIM, classNames: '肿瘤' })], 20, 1, 9));
    const { location } = renderAt('/animation-list?sortType=2&articleClassIds=2,4&startDate=20260101&endDate=20260630', <AppRoutes />);
    expect(await screen.findByRole('link', { name: ANIM.title })).toHaveAttribute('href', '/animation-particulars?permalinks=QYA0001');
    expect(list).toHaveBeenCalledWith(
      { pageNo: 1, pageSize: 9, sourceIds: [7], sortType: 2, articleClassIds: [2, 4], startDate: '20260101', endDate: '20260630' },
      { silent: true },
    );
    expect(screen.getByRole('link', { name: '肿瘤' })).toHaveAttribute('href', '/professional-article-list?code=20');
    await userEvent.click(screen.getByRole('button', { name: '最新' }));
    await waitFor(() => expect(location()).toBe('/animation-list?articleClassIds=2%2C4&startDate=20260101&endDate=20260630'));
  });

  it('filters by date with the lists\' 开始日期 → 结束日期 range picker (no bare browser date boxes)', async () => {
    const list = jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([article({ ...ANIM })], 1, 1, 9));
    const { location } = renderAt('/animation-list?startDate=20240101&endDate=20240630', <AppRoutes />);
    await screen.findByRole('link', { name: ANIM.title });
    const dates = screen.getByRole('group', { name: '发布日期' });
    expect(within(dates).getByPlaceholderText('开始日期')).toHaveValue('2024-01-01');
    expect(within(dates).getByPlaceholderText('结束日期')).toHaveValue('2024-06-30');
    expect(document.querySelector('input[type="date"]')).toBeNull();
    expect(within(dates).queryByRole('button', { name: '确定' })).toBeNull();

    await userEvent.click(within(dates).getByPlaceholderText('开始日期'));
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
    const first = dayjs().startOf('month');
    const last = first.add(1, 'day');
    const day = (d: dayjs.Dayjs) => document.querySelector(`.ant-picker-dropdown td[title="${d.format('YYYY-MM-DD')}"]`) as HTMLElement;
    await userEvent.click(day(first));
    await userEvent.click(day(last));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        expect.objectContaining({ pageNo: 1, startDate: first.format('YYYYMMDD'), endDate: last.format('YYYYMMDD') }),
        { silent: true },
      ),
    );
    expect(location()).toBe(`/animation-list?startDate=${first.format('YYYYMMDD')}&endDate=${last.format('YYYYMMDD')}`);
  });

  it('shows 7 subjects and expands when there are more than 8', async () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, classname: `专业${i + 1}`, code: 10 * (i + 1), num: 1, xcxIconSe: '' }));
    jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(many);
    jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([]));
    renderAt('/animation-list', <AppRoutes />);
    const group = await screen.findByRole('group', { name: '专业' });
    await within(group).findByRole('button', { name: '专业7' });
    expect(within(group).queryByRole('button', { name: '专业8' })).toBeNull();
    await userEvent.click(within(group).getByRole('button', { name: '展开' }));
    expect(within(group).getByRole('button', { name: '专业9' })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: '收起' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('reads and writes its URL state', () => {
    const q = readMediaQuery(new URLSearchParams('sortType=9&articleClassIds=3,x,3&startDate=20260301&endDate=20260101&page=2'));
    expect(q).toEqual({ sortType: 0, classIds: [3], startDate: '', endDate: '', page: 2 });
    expect(toggleClass(q, 4)).toEqual({ ...q, classIds: [3, 4], page: 1 });
    expect(writeMediaQuery({ sortType: 1, classIds: [2], startDate: '20260101', endDate: '20260201', page: 3 }).toString()).toBe(
      'sortType=1&articleClassIds=2&startDate=20260101&endDate=20260201&page=3',
    );
  });
});
