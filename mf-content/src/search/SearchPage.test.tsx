import {
  api,
  AppProviders,
  clearSession,
  closeDialog,
  dialogAtom,
  http,
  qyStore,
  setSession,
  toast,
  type LessonCard,
  type SessionUser,
} from '@qianyan/shared';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { article, CLASSES, pageOf, setViewportWidth } from '../test/fixtures';
import { highlightHtml } from './Highlight';
import { clearSearchCache } from './searchCache';
import { SearchPage } from './SearchPage';

jest.setTimeout(60_000);
// The suite runs beside others on a busy machine: give each wait for the page more than a second.
configure({ asyncUtilTimeout: 5000 });

const label = (text: string) => new RegExp(`^${text.split('').join('\\s?')}$`);
// The pager's buttons found by their text: a role query computes the accessible name of every
// element in antd's tree, seconds per query in jsdom on a busy machine.
const pagerButton = (text: string) => screen.getByText(label(text)).closest('button')!;

const member: SessionUser = {
  id: 42,
  membername: 'demo_member',
  truename: '王医生',
  identity: '1',
  roleid: 1,
  avatar: '',
  subscribe_info: { service_type: 1, service_end_date: null },
  ifNeedUpdate: 0,
};

function course(over: Partial<LessonCard> = {}): LessonCard {
  return {
    id: 31,
    lessonResId: 9031,
    title: '临床研究设计入门',
    subhead: '从问题到方案',
    publishdate: '2026-05-01',
    createTime: '2026-05-01',
    subjectSerType: 1,
    subjectType: 2,
    ifViewAuth: 2,
    coverPc: '',
    coverMobile: '',
    classNames: '肿瘤',
    outsideChain: '',
    ifFav: 0,
    ...over,
  };
}

/** The page with a stand-in result page whose button goes back, and controls that move the URL like the header does. */
function Harness() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
        <Route path="/article-info" element={<button onClick={() => navigate(-1)}>返回</button>} />
        <Route path="/course-video" element={<p>课程页</p>} />
      </Routes>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button data-testid="back" onClick={() => navigate(-1)} />
      <button data-testid="header-search" onClick={() => navigate('/search?query=%E7%B3%96%E5%B0%BF%E7%97%85')} />
    </>
  );
}

function renderSearch(url: string) {
  const utils = render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Harness />
      </MemoryRouter>
    </AppProviders>,
  );
  const location = () => utils.getByTestId('location').textContent ?? '';
  return { ...utils, location };
}

let listSpy: jest.SpyInstance;
let scrollSpy: jest.SpyInstance;
const lastQuery = () => listSpy.mock.calls[listSpy.mock.calls.length - 1][0];

beforeEach(() => {
  clearSearchCache();
  clearSession();
  setViewportWidth(1440);
  scrollSpy = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
  listSpy = jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([article({ title: '肺癌筛查' })], 1));
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(api.article, 'selectArticleFilter').mockImplementation(async (body) =>
    'sourceId' in body && body.sourceId === 6
      ? [{ id: 6, filtername: '临床指南' }]
      : [
          { id: 1, filtername: '综述类' },
          { id: 3, filtername: '论著类' },
        ],
  );
  jest.spyOn(api.conference, 'subject').mockResolvedValue([
    { id: 2, classname: '肿瘤', num: 3 },
    { id: 4, classname: '心脑血管', num: 2 },
  ]);
});

afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

describe('search page', () => {
  it('searches the journal tab by relevance, 20 a page, and shows the total', async () => {
    listSpy.mockResolvedValue(pageOf([article({ title: '肺癌筛查', permalinks: 'QYJ0900' })], 1));
    renderSearch('/search?query=%E8%82%BA%E7%99%8C');
    expect(await screen.findByText('共 1 条结果')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ searchInfo: '肺癌', sourceIds: [5, 6], sortType: 3, pageNo: 1, pageSize: 20 });
    expect(screen.getByRole('tab', { name: '期刊文章', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '相关度' })).toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: '搜索结果' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '肺癌筛查' })).toHaveAttribute('href', '/article-info?permalinks=QYJ0900');
  });

  it('switching the tab resets every filter and the page, and pushes the new URL', async () => {
    const { location } = renderSearch(
      '/search?query=%E8%82%BA%E7%99%8C&sortType=0&articleClassIds=4&articleFilterIds=3&startDate=20240101&endDate=20240630&page=3',
    );
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        searchInfo: '肺癌',
        sourceIds: [5, 6],
        sortType: 0,
        articleClassIds: [4],
        articleFilterIds: [3],
        startDate: '20240101',
        endDate: '20240630',
        pageNo: 3,
        pageSize: 20,
      }),
    );
    await userEvent.click(screen.getByRole('tab', { name: '动画解读' }));
    await waitFor(() => expect(lastQuery()).toEqual({ searchInfo: '肺癌', sourceIds: [7], sortType: 3, pageNo: 1, pageSize: 20 }));
    expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&key=7');
    expect(screen.getByRole('radio', { name: '相关度' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: '心脑血管' })).not.toBeChecked();
    // Pushed, not replaced: back returns to the journal tab with its filters.
    await userEvent.click(screen.getByTestId('back'));
    await waitFor(() => expect(location()).toMatch(/articleClassIds=4/));
    expect(screen.getByRole('tab', { name: '期刊文章', selected: true })).toBeInTheDocument();
  });

  it('commentary searches haswantsay 1 and opens the commentary page', async () => {
    renderSearch('/search?query=%E8%82%BA%E7%99%8C&key=1');
    await screen.findByText('共 1 条结果');
    expect(lastQuery()).toEqual({ searchInfo: '肺癌', haswantsay: 1, sortType: 3, pageNo: 1, pageSize: 20 });
    expect(screen.getByRole('link', { name: '肺癌筛查' }).getAttribute('href')).toMatch(/^\/article-particulars\?permalinks=/);
  });

  it('a sort change applies at once and returns to page 1', async () => {
    const { location } = renderSearch('/search?query=%E8%82%BA%E7%99%8C&page=4');
    await screen.findByText('共 1 条结果');
    await userEvent.click(screen.getByText('最新'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortType: 0, pageNo: 1 }));
    expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&sortType=0');
  });

  it('pages keep the filters; first and last buttons; a new page size starts at page 1', async () => {
    listSpy.mockResolvedValue(pageOf([article()], 95));
    const { location } = renderSearch('/search?query=%E8%82%BA%E7%99%8C&sortType=1&page=2');
    await screen.findByText('共 95 条结果');
    expect(lastQuery()).toMatchObject({ pageNo: 2, sortType: 1 });
    await userEvent.click(within(screen.getByTitle('3')).getByRole('button'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 3, sortType: 1, pageSize: 20 }));
    expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&sortType=1&page=3');
    await userEvent.click(pagerButton('末页'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 5 }));
    expect(pagerButton('末页')).toBeDisabled();
    await userEvent.click(pagerButton('首页'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, sortType: 1 }));
    expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&sortType=1');

    await userEvent.click(within(screen.getByTitle('2')).getByRole('button'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 2 }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '每页条数' }), '50 条/页');
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, pageSize: 50 }));
    expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&sortType=1&pageSize=50');
  });

  it('offers page sizes 10, 20, 50 and 100', async () => {
    listSpy.mockResolvedValue(pageOf([article()], 95));
    renderSearch('/search?query=%E8%82%BA%E7%99%8C&pageSize=10');
    await screen.findByText('共 95 条结果');
    expect(lastQuery()).toMatchObject({ pageSize: 10 });
    const sizes = screen.getByRole('combobox', { name: '每页条数' });
    expect(within(sizes).getAllByRole('option').map((o) => o.textContent)).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    expect(within(sizes).getByRole('option', { name: '10 条/页', selected: true })).toBeInTheDocument();
  });

  it('says 未搜索到相关内容 when nothing matches', async () => {
    listSpy.mockResolvedValue(pageOf([], 0));
    renderSearch('/search?query=zzzz');
    expect(await screen.findByText('未搜索到相关内容')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '分页' })).not.toBeInTheDocument();
  });

  it('offers 您是不是要找 for a misspelled English term, as a search of its own', async () => {
    listSpy.mockResolvedValue({ ...pageOf([], 0), didYouMean: 'heart failure' });
    renderSearch('/search?query=hart%20failure&page=2');
    expect(await screen.findByText('您是不是要找：')).toBeInTheDocument();
    listSpy.mockResolvedValue(pageOf([article({ title: '心力衰竭的治疗' })], 1));
    await userEvent.click(screen.getByRole('link', { name: 'heart failure' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ searchInfo: 'heart failure', pageNo: 1 }));
    expect(await screen.findByText('共 1 条结果')).toBeInTheDocument();
    expect(screen.queryByText('您是不是要找：')).not.toBeInTheDocument();
  });

  it('a page past the last result says so and keeps the pager to go back', async () => {
    listSpy.mockResolvedValue(pageOf([], 45, 9));
    renderSearch('/search?query=%E8%82%BA%E7%99%8C&page=9');
    expect(await screen.findByText('未搜索到相关内容')).toBeInTheDocument();
    expect(screen.getByText('共 45 条结果')).toBeInTheDocument();
    const pager = screen.getByLabelText('分页');
    await userEvent.click(within(pager).getByText(label('末页')));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 3 }));
  });

  it('asks nothing for a blank query', async () => {
    renderSearch('/search?query=%20%20');
    expect(await screen.findByText('请输入关键词搜索文章、动画与课程')).toBeInTheDocument();
    expect(listSpy).not.toHaveBeenCalled();
  });

  it('renders highlights with <em> and shows any other markup as text', async () => {
    listSpy.mockResolvedValue(
      pageOf([
        article({
          title: '肺癌 <b>筛查</b>',
          intro: '纯文本简介',
          highlight: {
            title: '<em>肺癌</em> &lt;b&gt;筛查&lt;/b&gt;<img src=x onerror="window.__hacked=1">',
            snippet: '早期<em>肺癌</em>的<script>window.__hacked=1</script>筛查<EM>策略</EM>',
          },
        }),
      ]),
    );
    renderSearch('/search?query=%E8%82%BA%E7%99%8C');
    const heading = await screen.findByRole('heading', { level: 2, name: /筛查/ });
    const marks = heading.querySelectorAll('em');
    expect([...marks].map((m) => m.textContent)).toEqual(['肺癌']);
    expect(heading.querySelector('img, b')).toBeNull();
    expect(heading).toHaveTextContent('肺癌 <b>筛查</b><img src=x onerror="window.__hacked=1">');
    const item = heading.closest('article') as HTMLElement;
    expect(item.querySelector('script')).toBeNull();
    expect([...item.querySelectorAll('p em')].map((m) => m.textContent)).toEqual(['肺癌', '策略']);
    expect(within(item).getByText(/<script>window.__hacked=1<\/script>/)).toBeInTheDocument();
    expect((window as unknown as { __hacked?: number }).__hacked).toBeUndefined();
  });

  it('a new search from the header while on the page shows its results from page 1', async () => {
    const { location } = renderSearch('/search?query=%E8%82%BA%E7%99%8C&key=7&page=2');
    await screen.findByText('共 1 条结果');
    listSpy.mockResolvedValue(pageOf([article({ title: '糖尿病管理' })], 1));
    await userEvent.click(screen.getByTestId('header-search'));
    expect(await screen.findByRole('link', { name: '糖尿病管理' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ searchInfo: '糖尿病', sourceIds: [5, 6], sortType: 3, pageNo: 1, pageSize: 20 });
    expect(location()).toBe('/search?query=%E7%B3%96%E5%B0%BF%E7%97%85');
  });

  it('going back from a result shows the same page of results at once, where it was scrolled to', async () => {
    listSpy.mockResolvedValue(pageOf([article({ title: '肺癌筛查' }), article({ title: '肺癌治疗' })], 60, 2));
    const { location } = renderSearch('/search?query=%E8%82%BA%E7%99%8C&page=2');
    await screen.findByText('共 60 条结果');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    await userEvent.click(screen.getByRole('link', { name: '肺癌治疗' }));
    expect(location()).toMatch(/^\/article-info\?permalinks=/);
    scrollSpy.mockClear();
    // The reply to the quiet re-ask never arrives: what shows is the kept page.
    listSpy.mockReturnValue(new Promise(() => {}));
    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&page=2');
    expect(screen.getByText('共 60 条结果')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '肺癌治疗' })).toBeInTheDocument();
    expect(scrollSpy).toHaveBeenCalledWith(0, 640);
    expect(within(screen.getByTitle('2')).getByRole('button')).toHaveAttribute('aria-current', 'page');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});

describe('member id and collecting', () => {
  it('attaches the reader member id to the search request', async () => {
    listSpy.mockRestore();
    const bodies: Record<string, unknown>[] = [];
    const adapter = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      if (config.url === '/api/article/selectArticleList') bodies.push(JSON.parse(String(config.data)));
      return { data: { code: 0, msg: 'success', data: pageOf([], 0) }, status: 200, statusText: '', headers: {}, config };
    };
    try {
      act(() => setSession('tok', member));
      renderSearch('/search?query=SGLT2&key=9');
      await screen.findByText('未搜索到相关内容');
      expect(bodies[bodies.length - 1]).toEqual({
        memberId: 42,
        searchInfo: 'SGLT2',
        sourceIds: [9],
        sortType: 3,
        pageNo: 1,
        pageSize: 20,
      });
    } finally {
      http.defaults.adapter = adapter;
    }
  });

  it('collecting a result asks the server and reloads the current page', async () => {
    act(() => setSession('tok', member));
    jest.spyOn(toast, 'success').mockImplementation(() => {});
    const collect = jest.spyOn(api.user, 'collectArticle').mockResolvedValue(true);
    listSpy.mockResolvedValue(pageOf([article({ id: 77, title: '肺癌筛查' })], 45, 2));
    renderSearch('/search?query=%E8%82%BA%E7%99%8C&page=2');
    await screen.findByText('共 45 条结果');
    const calls = listSpy.mock.calls.length;
    listSpy.mockResolvedValue(pageOf([article({ id: 77, title: '肺癌筛查', ifCollect: 1 })], 45, 2));
    await userEvent.click(screen.getByRole('button', { name: '收藏' }));
    expect(collect).toHaveBeenCalledWith({ id: 77 });
    await waitFor(() => expect(listSpy.mock.calls.length).toBe(calls + 1));
    expect(lastQuery()).toMatchObject({ pageNo: 2 });
    expect(await screen.findByRole('button', { name: '取消收藏' })).toBeInTheDocument();
  });

  it('a visitor collecting is asked to log in', async () => {
    const collect = jest.spyOn(api.user, 'collectArticle');
    renderSearch('/search?query=%E8%82%BA%E7%99%8C');
    await screen.findByText('共 1 条结果');
    act(() => closeDialog());
    await userEvent.click(screen.getByRole('button', { name: '收藏' }));
    expect(collect).not.toHaveBeenCalled();
    expect(qyStore.get(dialogAtom)?.name).toBe('login');
    act(() => closeDialog());
  });
});

describe('courses tab', () => {
  let lessonSpy: jest.SpyInstance;
  beforeEach(() => {
    lessonSpy = jest.spyOn(api.lesson, 'selectLessonList').mockResolvedValue(pageOf([course()], 1));
  });

  it('searches courses of types 1, 2 and 3 with the ticked subjects', async () => {
    renderSearch('/search?query=%E7%A0%94%E7%A9%B6&key=11');
    await screen.findByText('共 1 条结果');
    expect(lessonSpy.mock.calls[0][0]).toEqual({ searchInfo: '研究', subjectSerType: [1, 2, 3], sortType: 3, pageNo: 1, pageSize: 20 });
    await userEvent.click(await screen.findByRole('checkbox', { name: '肿瘤' }));
    await waitFor(() => expect(lessonSpy.mock.calls.at(-1)[0]).toMatchObject({ articalClassIds: [2], pageNo: 1 }), { timeout: 4000 });
    expect(screen.getByRole('group', { name: '学科' })).toBeInTheDocument();
  });

  it('a logged-in reader opens the lesson page; a visitor is asked to log in', async () => {
    const warning = jest.spyOn(toast, 'warning').mockImplementation(() => {});
    const { location } = renderSearch('/search?query=%E7%A0%94%E7%A9%B6&key=11');
    await userEvent.click(await screen.findByRole('button', { name: '临床研究设计入门' }));
    expect(warning).toHaveBeenCalledWith('登录即可观看');
    expect(location()).toBe('/search?query=%E7%A0%94%E7%A9%B6&key=11');
    act(() => setSession('tok', member));
    await userEvent.click(await screen.findByRole('button', { name: '临床研究设计入门' }));
    await waitFor(() => expect(location()).toBe('/course-video?id=9031'));
  });
});

describe('search page on a phone', () => {
  beforeEach(() => {
    setViewportWidth(390);
    // jsdom cannot compute pseudo-element styles, which the drawer's scroll lock asks for.
    const computed = window.getComputedStyle.bind(window);
    jest.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
  });

  it('keeps the filters in a drawer that applies on 确定, back to page 1', async () => {
    const { location } = renderSearch('/search?query=%E8%82%BA%E7%99%8C&key=7&page=3');
    await screen.findByText('共 1 条结果');
    expect(screen.queryByRole('complementary', { name: '筛选' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: label('筛选') }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(within(drawer).getByText('最新'));
    await userEvent.click(await within(drawer).findByRole('checkbox', { name: '肿瘤' }));
    expect(lastQuery()).toMatchObject({ pageNo: 3, sortType: 3 });
    await userEvent.click(within(drawer).getByRole('button', { name: label('确定') }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: 1, sortType: 0, articleClassIds: [2], sourceIds: [7] }));
    expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&key=7&sortType=0&articleClassIds=2');
  });
});

// Fake timers last: the ticks' 800 ms are stepped through, not waited for.
describe('multi-select debounce', () => {
  it('applies disease-area ticks 800 ms after the last one, as one search', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { location } = renderSearch('/search?query=%E8%82%BA%E7%99%8C&page=2');
      await screen.findByText('共 1 条结果');
      const before = listSpy.mock.calls.length;
      await user.click(await screen.findByRole('checkbox', { name: '心脑血管' }));
      act(() => jest.advanceTimersByTime(700));
      await user.click(screen.getByRole('checkbox', { name: '肿瘤' }));
      expect(screen.getByRole('checkbox', { name: '心脑血管' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: '肿瘤' })).toBeChecked();
      act(() => jest.advanceTimersByTime(700));
      expect(listSpy.mock.calls.length).toBe(before);
      expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&page=2');
      act(() => jest.advanceTimersByTime(100));
      await waitFor(() => expect(listSpy.mock.calls.length).toBe(before + 1));
      expect(lastQuery()).toMatchObject({ articleClassIds: [4, 2], pageNo: 1 });
      expect(location()).toBe('/search?query=%E8%82%BA%E7%99%8C&articleClassIds=4%2C2');
      act(() => jest.advanceTimersByTime(2000));
      expect(listSpy.mock.calls.length).toBe(before + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a tick made while an earlier one is being applied is kept and applied after it', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderSearch('/search?query=%E8%82%BA%E7%99%8C');
      await screen.findByText('共 1 条结果');
      await user.click(await screen.findByRole('checkbox', { name: '心脑血管' }));
      act(() => jest.advanceTimersByTime(800));
      await user.click(screen.getByRole('checkbox', { name: '肿瘤' }));
      await waitFor(() => expect(lastQuery()).toMatchObject({ articleClassIds: [4] }));
      expect(screen.getByRole('checkbox', { name: '肿瘤' })).toBeChecked();
      act(() => jest.advanceTimersByTime(800));
      await waitFor(() => expect(lastQuery()).toMatchObject({ articleClassIds: [4, 2] }));
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('highlightHtml', () => {
  it('keeps <em> and escapes every other tag', () => {
    expect(highlightHtml('<em>a</em> &amp; <i onclick=x>b</i>')).toBe('<em>a</em> &amp; &lt;i onclick=x&gt;b&lt;/i&gt;');
  });
});

