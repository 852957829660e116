import { api, ApiError, clearSession, MSG, setSession, toast } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { CLASSES, lesson, member, pageOf, renderAt, setViewportWidth } from '../test/fixtures';

jest.setTimeout(30_000);

let listSpy: jest.SpyInstance;
let confSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  listSpy = jest.spyOn(api.lesson, 'selectLessonList').mockResolvedValue(pageOf([lesson()], 1));
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(api.base, 'getBanner').mockResolvedValue({ code: 'classroom', content: [] });
  confSpy = jest.spyOn(api.conference, 'list').mockResolvedValue(pageOf([], 0));
  // Pages a click opens stay loading: these tests look only at where the click went.
  jest.spyOn(api.lesson, 'selectLessonDetail').mockReturnValue(new Promise(() => {}));
});

afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

const lastQuery = () => listSpy.mock.calls[listSpy.mock.calls.length - 1][0];

describe('course resources', () => {
  it('opens on 视频课程 (editors’ classroom) and asks for serial types 1 and 2', async () => {
    renderAt('/course-resources', <AppRoutes />);
    await waitFor(() => expect(listSpy).toHaveBeenCalled());
    expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 9, subjectSerType: [1, 2], sortType: 3 });
    expect(screen.getByRole('tab', { name: '视频课程', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '课程资源' })).toBeInTheDocument();
    expect(document.title).toBe('视频课程 - 千言医学');
  });

  it('follows type=img to 图文课程 with serial types 4 and 5', async () => {
    renderAt('/course-resources?type=img&page=2', <AppRoutes />);
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: 2, pageSize: 9, subjectSerType: [4, 5], sortType: 3 }));
    expect(screen.getByRole('tab', { name: '图文课程', selected: true })).toBeInTheDocument();
    expect(screen.getByText('临床研究与实践')).toBeInTheDocument();
  });

  it('switching the tab writes type to the URL and starts at page 1', async () => {
    const { location } = renderAt('/course-resources?type=video&page=2', <AppRoutes />);
    await waitFor(() => expect(listSpy).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('tab', { name: '图文课程' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, subjectSerType: [4, 5] }));
    expect(location()).toBe('/course-resources?type=img');
  });

  it('the tabs answer the arrow keys, and the course list is the selected tab’s panel', async () => {
    const { location } = renderAt('/course-resources', <AppRoutes />);
    await screen.findAllByRole('article');
    expect(screen.getByRole('tabpanel', { name: '视频课程' })).toContainElement(screen.getByRole('region', { name: '课程列表' }));
    screen.getByRole('tab', { name: '视频课程' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '图文课程', selected: true })).toHaveFocus();
    expect(location()).toBe('/course-resources?type=img');
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, subjectSerType: [4, 5] }));
    expect(await screen.findByRole('tabpanel', { name: '图文课程' })).toBeInTheDocument();
  });

  it('renders a card per course with cover, badge, title, subhead, date and tags', async () => {
    listSpy.mockResolvedValue(
      pageOf(
        [
          lesson({ id: 1, title: '读懂一篇随机对照试验', subjectSerType: 1, classNames: '肿瘤,呼吸' }),
          lesson({ id: 2, title: '2型糖尿病的个体化降糖策略', subjectSerType: 2 }),
          lesson({ id: 3, title: '医学论文写作入门', subjectSerType: 4, publishdate: '2026-07-14T01:00:00.000Z' }),
        ],
        12,
      ),
    );
    const { container } = renderAt('/course-resources', <AppRoutes />);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    expect(first.getByRole('button', { name: '读懂一篇随机对照试验' })).toBeInTheDocument();
    expect(first.getByText('视频')).toBeInTheDocument();
    expect(first.getByText('从研究问题到主要终点的阅读路径')).toBeInTheDocument();
    expect(first.getByText('2026-11-16')).toBeInTheDocument();
    expect(await first.findByRole('link', { name: '肿瘤' })).toHaveAttribute('href', '/professional-article-list?code=20');
    expect(first.getByRole('link', { name: '呼吸' })).toHaveAttribute('href', '/professional-article-list?code=40');
    expect(within(cards[1]).getByText('系列')).toBeInTheDocument();
    expect(within(cards[2]).getByText('图文')).toBeInTheDocument();
    expect(within(cards[2]).getByText('2026-07-14')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/static/covers/pc-1.svg');
    expect(screen.getByText('共 12 门课程')).toBeInTheDocument();
  });

  it('uses the mobile cover on a phone', async () => {
    setViewportWidth(390);
    const { container } = renderAt('/course-resources', <AppRoutes />);
    await screen.findAllByRole('article');
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/\/covers\/m-\d+\.svg$/);
  });

  it('turning the page keeps the tab', async () => {
    listSpy.mockResolvedValue(pageOf([lesson()], 20));
    const { location } = renderAt('/course-resources?type=img', <AppRoutes />);
    const pager = await screen.findByRole('navigation', { name: '分页' });
    await userEvent.click(within(pager).getByRole('button', { name: '3' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 3, subjectSerType: [4, 5] }));
    expect(location()).toBe('/course-resources?type=img&page=3');
  });

  it('shows 未搜索到相关内容 when a tab has no courses', async () => {
    listSpy.mockResolvedValue(pageOf([], 0));
    renderAt('/course-resources', <AppRoutes />);
    expect(await screen.findByText(MSG.empty)).toBeInTheDocument();
  });

  it('shows the error state with retry when the list fails', async () => {
    listSpy.mockRejectedValueOnce(new ApiError(-1, MSG.networkError));
    renderAt('/course-resources', <AppRoutes />);
    expect(await screen.findByText(MSG.networkError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });

  it('a visitor clicking a card is asked to log in', async () => {
    const warn = jest.spyOn(toast, 'warning').mockImplementation(() => {});
    listSpy.mockResolvedValue(pageOf([lesson({ title: '心力衰竭药物治疗的新格局' })], 1));
    const { location } = renderAt('/course-resources', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: '心力衰竭药物治疗的新格局' }));
    expect(warn).toHaveBeenCalledWith(MSG.loginToWatch);
    expect(location()).toBe('/course-resources');
  });

  it('a signed-in reader clicking a series card goes to the series page', async () => {
    setSession('token-1', member());
    listSpy.mockResolvedValue(pageOf([lesson({ id: 4, title: '肥胖症的药物与手术治疗', subjectSerType: 2 })], 1));
    const { location } = renderAt('/course-resources', <AppRoutes />);
    await userEvent.click(await screen.findByRole('button', { name: '肥胖症的药物与手术治疗' }));
    expect(location()).toBe('/series-courses?id=10004');
  });
});

describe('course resources extras', () => {
  it('passes the date and disease-area filters of the URL to the list and keeps them across tabs', async () => {
    const { location } = renderAt('/course-resources?type=video&startDate=20250101&endDate=20251231&articalClassIds=2,4', <AppRoutes />);
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        pageNo: 1,
        pageSize: 9,
        subjectSerType: [1, 2],
        sortType: 3,
        startDate: '20250101',
        endDate: '20251231',
        articalClassIds: [2, 4],
      }),
    );
    await userEvent.click(screen.getByRole('tab', { name: '图文课程' }));
    expect(location()).toBe('/course-resources?type=img&startDate=20250101&endDate=20251231&articalClassIds=2%2C4');
  });

  it('ignores a start date without an end date', async () => {
    renderAt('/course-resources?startDate=20250101', <AppRoutes />);
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: 1, pageSize: 9, subjectSerType: [1, 2], sortType: 3 }));
  });

  it('shows the classroom banner and the 2 upcoming conference previews linking to their notices', async () => {
    const banner = jest
      .spyOn(api.base, 'getBanner')
      .mockResolvedValue({ code: 'classroom', content: [{ pic: '/api/static/banners/c1.svg', title: '编辑课堂开讲', intro: '', url: '' }] });
    confSpy.mockResolvedValue(
      pageOf([
        { lessonAdvId: 5, id: 5, title: '心血管高峰论坛', subhead: '', sponsor: '千言', imgPc: '', articelClassName: '', beginTime: '2026-12-04T01:00:00.000Z', endTime: '2026-12-04T09:30:00.000Z', lessAdvStatus: 2, ifFav: 0 },
        { lessonAdvId: 6, id: 6, title: '肿瘤研讨会', subhead: '', sponsor: '', imgPc: '', articelClassName: '', beginTime: '2026-12-18T05:30:00.000Z', endTime: '2026-12-18T10:00:00.000Z', lessAdvStatus: 2, ifFav: 0 },
      ]),
    );
    renderAt('/course-resources', <AppRoutes />);
    expect(await screen.findByRole('link', { name: /心血管高峰论坛/ })).toHaveAttribute('href', '/meeting-notice?id=5');
    expect(screen.getByText('2026年12月04日 09:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /肿瘤研讨会/ })).toHaveAttribute('href', '/meeting-notice?id=6');
    expect(banner).toHaveBeenCalledWith({ code: 'classroom' }, { silent: true });
    expect(confSpy).toHaveBeenCalledWith({ pageNo: 1, pageSize: 2, lessAdvStatus: 2 }, { silent: true });
    expect((await screen.findAllByAltText('编辑课堂开讲'))[0]).toHaveAttribute('src', '/api/static/banners/c1.svg');
  });
});
