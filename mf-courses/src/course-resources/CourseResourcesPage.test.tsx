import { api, ApiError, clearSession, MSG, setSession, toast } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { CLASSES, lesson, member, pageOf, renderAt, setViewportWidth } from '../test/fixtures';

jest.setTimeout(30_000);

let listSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  listSpy = jest.spyOn(api.lesson, 'selectLessonList').mockResolvedValue(pageOf([lesson()], 1));
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
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
    await userEvent.click(await screen.findByTitle('3'));
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
    expect(screen.getByRole('heading', { level: 1, name: '系列课程' })).toBeInTheDocument();
  });
});

describe('other course routes', () => {
  it.each([
    ['/course-video?id=10001', '课程详情'],
    ['/series-courses?id=4', '系列课程'],
    ['/meeting-notice?id=1', '会议预告'],
    ['/meeting-review?id=1', '会议回顾'],
  ])('%s shows the construction panel', (url, name) => {
    renderAt(url, <AppRoutes />);
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByText('栏目建设中')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/index');
    expect(screen.getByRole('link', { name: '期刊文章' })).toHaveAttribute('href', '/nejm-list');
  });
});
