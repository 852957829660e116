import { api, ApiError, clearSession, MSG, notifyLoggedIn, setSession, toast, type LessonDetail } from '@qianyan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { CLASSES, conferenceDetail, lesson, lessonDetail, member, pageOf, renderAt, setViewportWidth } from '../test/fixtures';
import { lessonAccess } from './lessonAccess';

jest.setTimeout(30_000);

const VIDEO = '/api/static/media/lesson-1.mp4?lesson=10001';

const detail = lessonDetail;
const blocked = (blockedBy: LessonDetail['blockedBy'], over: Partial<LessonDetail> = {}) =>
  detail({ blockedBy, media: '[]', content: '', is_have_view_auth: 2, ...over });

let detailSpy: jest.SpyInstance;
let moreSpy: jest.SpyInstance;

describe('the lesson page\'s right column', () => {
  it('lists the newest other single lessons, without this one or outside chains', async () => {
    moreSpy.mockResolvedValue(
      pageOf([
        lesson({ id: 1, lessonResId: 10001, title: '读懂一篇随机对照试验' }),
        lesson({ id: 3, lessonResId: 10003, title: '免疫治疗时代的肺癌诊疗' }),
        lesson({ id: 9, lessonResId: 10009, title: '循证医学阅读入门', outsideChain: 'https://www.cebm.ox.ac.uk/resources/ebm-tools' }),
      ]),
    );
    renderAt('/course-video?id=10001', <AppRoutes />);
    // The lesson page's chunk loads on first use.
    await screen.findByRole('heading', { level: 1, name: '读懂一篇随机对照试验' }, { timeout: 10_000 });
    const more = await screen.findByRole('complementary', { name: '更多课程' });
    expect(await within(more).findByRole('link', { name: '免疫治疗时代的肺癌诊疗' })).toHaveAttribute('href', '/course-video?id=10003');
    expect(within(more).getAllByRole('link')).toHaveLength(1);
    expect(moreSpy).toHaveBeenCalledWith({ pageNo: 1, pageSize: 8, subjectSerType: [1, 4] }, { silent: true });
  });
});
beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  detailSpy = jest.spyOn(api.lesson, 'selectLessonDetail').mockResolvedValue(detail());
  moreSpy = jest.spyOn(api.lesson, 'selectLessonList').mockResolvedValue(pageOf([]));
});
afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

describe('lesson access state', () => {
  it('follows the server flags, and a logged-out reader is a visitor whatever an old reply said', () => {
    expect(lessonAccess(detail(), true)).toBe('open');
    expect(lessonAccess(detail(), false)).toBe('login');
    expect(lessonAccess(blocked('profile'), true)).toBe('profile');
    expect(lessonAccess(blocked('member', { is_month_chance: 2 }), true)).toBe('freeRead');
    expect(lessonAccess(blocked('member', { is_month_chance: 1 }), true)).toBe('usedUp');
  });
});

describe('/course-video', () => {
  it('plays the lesson for a reader who may watch: title, date, player with speeds, details; a play sends the view count', async () => {
    setSession('t', member());
    const count = jest.spyOn(api.user, 'addVideoCount').mockResolvedValue({ plays: 1 });
    const { container } = renderAt('/course-video?id=10001', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '读懂一篇随机对照试验' })).toBeInTheDocument();
    expect(detailSpy).toHaveBeenCalledWith({ id: 10001 }, { silent: true });
    expect(screen.getByText('2026-11-16')).toBeInTheDocument();
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('src', VIDEO);
    for (const r of ['0.5x', '1x', '1.5x', '2x']) expect(screen.getByRole('button', { name: r })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '1.5x' }));
    expect(video.playbackRate).toBe(1.5);
    expect(screen.getByText('本讲要点')).toBeInTheDocument();
    act(() => {
      video.dispatchEvent(new Event('play'));
      video.dispatchEvent(new Event('play'));
    });
    expect(count).toHaveBeenCalledTimes(1);
    expect(count).toHaveBeenCalledWith({ relationId: 10001, relationType: 20 }, { silent: true });
  });

  it('fetches the lesson again when its signed URL stops working, and plays the new one from the same time', async () => {
    setSession('t', member());
    const signed = (exp: number) => JSON.stringify([{ url: `/api/media/lesson-1.mp4?lesson=10001&exp=${exp}&sig=s${exp}`, fileType: 'video' }]);
    detailSpy.mockResolvedValueOnce(detail({ media: signed(1000) })).mockResolvedValueOnce(detail({ media: signed(2800) }));
    const { container } = renderAt('/course-video?id=10001', <AppRoutes />);
    await screen.findByRole('heading', { level: 1, name: '读懂一篇随机对照试验' });
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toContain('exp=1000');
    let time = 321;
    Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time, set: (v: number) => (time = v) });
    act(() => {
      video.dispatchEvent(new Event('error'));
    });
    await waitFor(() => expect(video.getAttribute('src')).toContain('exp=2800'));
    expect(detailSpy).toHaveBeenCalledTimes(2);
    time = 0;
    act(() => {
      video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(time).toBe(321);
    expect(screen.queryByText(MSG.videoUnsupported)).not.toBeInTheDocument();
  });

  it('plays an audio lesson (subjectType 1) in an audio player', async () => {
    setSession('t', member());
    detailSpy.mockResolvedValue(detail({ subjectType: 1, media: JSON.stringify([{ url: '/api/static/media/audio-1.mp3', fileType: 'audio' }]) }));
    const { container } = renderAt('/course-video?id=10001', <AppRoutes />);
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('audio')).toHaveAttribute('src', '/api/static/media/audio-1.mp3');
    expect(container.querySelector('video')).toBeNull();
  });

  it('shows a visitor the cover and 登录即可观看; clicking the cover opens the login prompt', async () => {
    const warn = jest.spyOn(toast, 'warning').mockImplementation(() => {});
    detailSpy.mockResolvedValue(blocked('login', { is_month_chance: 1 }));
    const { container } = renderAt('/course-video?id=10001', <AppRoutes />);
    expect(await screen.findByText(MSG.loginToWatch)).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
    await userEvent.click(container.querySelector('.qy-cv-blocked-cover')!);
    expect(warn).toHaveBeenCalledWith(MSG.loginToWatch);
    expect(screen.queryByText('本讲要点')).toBeNull();
  });

  it('asks a reader without a real name to complete the profile (需要资料补齐才能浏览)', async () => {
    setSession('t', member({ truename: '' }));
    detailSpy.mockResolvedValue(blocked('profile'));
    const { location } = renderAt('/course-video?id=10001', <AppRoutes />);
    expect(await screen.findByText(MSG.profileIncomplete)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '完善资料' }));
    expect(location()).toBe('/personal?type=flag1');
  });

  it('offers the free read on a member lesson, claims it (type=1) and reloads', async () => {
    setSession('t', member());
    const ok = jest.spyOn(toast, 'success').mockImplementation(() => {});
    detailSpy.mockResolvedValueOnce(blocked('member', { is_month_chance: 2 })).mockResolvedValue(detail({ is_month_chance: 1 }));
    const claim = jest.spyOn(api.program, 'lessonUseMonthChance').mockResolvedValue({ result: '1', msg: '使用成功', article_content: '' });
    const { container } = renderAt('/course-video?id=10001', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: '使用免费观看' }));
    expect(claim).toHaveBeenCalledWith(10001, { silent: true });
    expect(ok).toHaveBeenCalledWith(MSG.useSuccess);
    await waitFor(() => expect(container.querySelector('video')).not.toBeNull());
  });

  it('shows the server message when the free read fails', async () => {
    setSession('t', member());
    const err = jest.spyOn(toast, 'error').mockImplementation(() => {});
    detailSpy.mockResolvedValue(blocked('member', { is_month_chance: 2 }));
    jest.spyOn(api.program, 'lessonUseMonthChance').mockRejectedValue(new ApiError(0, 'x', { result: 0, msg: MSG.freeReadFailed }));
    renderAt('/course-video?id=10001', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: '使用免费观看' }));
    await waitFor(() => expect(err).toHaveBeenCalledWith(MSG.freeReadFailed));
  });

  it('warns 您本月的免费浏览次数已用完，请付费观看！ and leads to the subscription page when the read is used', async () => {
    setSession('t', member());
    detailSpy.mockResolvedValue(blocked('member', { is_month_chance: 1 }));
    const { location } = renderAt('/course-video?id=10001', <AppRoutes />);
    expect(await screen.findByText(MSG.freeReadsUsedUp)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '开通会员' }));
    expect(location()).toBe('/personal?type=flag4');
  });

  it('reloads the detail 300 ms after a login', async () => {
    detailSpy.mockResolvedValue(blocked('login'));
    renderAt('/course-video?id=10001', <AppRoutes />);
    await screen.findByText(MSG.loginToWatch);
    expect(detailSpy).toHaveBeenCalledTimes(1);
    const start = Date.now();
    act(() => {
      setSession('t', member());
      notifyLoggedIn();
    });
    expect(detailSpy).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(detailSpy).toHaveBeenCalledTimes(2));
    expect(Date.now() - start).toBeGreaterThanOrEqual(295);
  });

  it('collects the lesson by lesson resource id', async () => {
    setSession('t', member());
    jest.spyOn(toast, 'success').mockImplementation(() => {});
    const collect = jest.spyOn(api.user, 'collectLesson').mockResolvedValue(true);
    renderAt('/course-video?id=10001', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: /收藏/ }));
    expect(collect).toHaveBeenCalledWith({ id: 10001 });
    expect(await screen.findByRole('button', { name: /已收藏/ })).toBeInTheDocument();
  });

  it('says the link is bad without an id', async () => {
    renderAt('/course-video', <AppRoutes />);
    expect(await screen.findByText('链接无效：缺少课程编号')).toBeInTheDocument();
    expect(detailSpy).not.toHaveBeenCalled();
  });
});

describe('/series-courses', () => {
  it('shows the cover, intro and the catalogue of its lessons linking to the lesson page', async () => {
    detailSpy.mockResolvedValue(
      detail({
        subjectSerType: 2,
        title: '心力衰竭系列课程',
        media: '[]',
        content: '<p>系列介绍</p>',
        childLessonList: [1, 2, 3].map((k) => ({
          id: 100 + k,
          lessonResId: 20000 + k,
          title: `第${k}讲`,
          subhead: `要点${k}`,
          publishdate: `2026-11-0${k}T02:00:00.000Z`,
          subjectSerType: 1,
          subjectType: 2,
          coverPc: `[{"url":"/api/static/covers/cover-${k}.svg"}]`,
          coverMobile: '[]',
        })),
      }),
    );
    renderAt('/series-courses?id=10001', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '心力衰竭系列课程' })).toBeInTheDocument();
    expect(screen.getByText('系列介绍')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /第\d讲/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/course-video?id=20001', '/course-video?id=20002', '/course-video?id=20003']);
    expect(screen.getByText('要点2')).toBeInTheDocument();
    expect(screen.getByText('2026-11-03')).toBeInTheDocument();
    expect(screen.getByText('共 3 讲')).toBeInTheDocument();
  });
});

describe('conference pages', () => {
  const meeting = conferenceDetail;

  it('/meeting-notice shows sponsor, begin and end as YYYY年MM月DD日 HH:mm, content and collect', async () => {
    const spy = jest.spyOn(api.conference, 'detail').mockResolvedValue(meeting());
    setSession('t', member());
    jest.spyOn(toast, 'success').mockImplementation(() => {});
    const collect = jest.spyOn(api.user, 'collectRelease').mockResolvedValue(true);
    renderAt('/meeting-notice?id=5', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '心血管循证医学高峰论坛' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith({ id: 5 }, { silent: true });
    expect(screen.getByTestId('meeting-begin')).toHaveTextContent('2026年12月04日 09:00');
    expect(screen.getByTestId('meeting-end')).toHaveTextContent('2026年12月04日 17:30');
    expect(screen.getByText('千言医学教育中心')).toBeInTheDocument();
    expect(screen.getByText('论坛议程')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /收藏/ }));
    expect(collect).toHaveBeenCalledWith({ id: 5 });
  });

  it('/meeting-review plays the video of the first media entry', async () => {
    setSession('t', member());
    jest.spyOn(api.conference, 'detail').mockResolvedValue(
      meeting({ lessAdvStatus: 1, media: JSON.stringify([{ url: '/api/static/media/lesson-2.mp4?c=1', fileType: 'video' }, { url: '/x.png', fileType: 'image' }]) }),
    );
    const { container } = renderAt('/meeting-review?id=5', <AppRoutes />);
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('video')).toHaveAttribute('src', '/api/static/media/lesson-2.mp4?c=1');
    expect(screen.queryByTestId('meeting-begin')).toBeNull();
  });

  it('/meeting-review shows the image of the first media entry', async () => {
    setSession('t', member());
    jest.spyOn(api.conference, 'detail').mockResolvedValue(meeting({ lessAdvStatus: 1, media: JSON.stringify([{ url: '/api/static/covers/cover-5.svg', fileType: 'image' }]) }));
    const { container } = renderAt('/meeting-review?id=5', <AppRoutes />);
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByAltText('心血管循证医学高峰论坛')).toHaveAttribute('src', '/api/static/covers/cover-5.svg');
  });

  it('/meeting-review asks a visitor to log in to watch', async () => {
    jest.spyOn(api.conference, 'detail').mockResolvedValue(meeting({ lessAdvStatus: 1 }));
    renderAt('/meeting-review?id=5', <AppRoutes />);
    expect(await screen.findByText('登录后即可观看会议回顾')).toBeInTheDocument();
  });
});
