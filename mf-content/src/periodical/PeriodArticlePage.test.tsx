import { api, type WeeklyRecord } from '@qianyan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { article, pageOf, renderAt } from '../test/fixtures';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const THIS_YEAR = new Date().getFullYear();

// A degree after a name ("M.P.H.") belongs to that name (spec §5), never counts as one of the 3.
const DEGREE_AUTHORS = 'James R. Lindqvist, M.P.H., Henrik C. Whitfield, M.D., Ana Souza, Li Wei';
const DEGREE_AUTHORS_SHOWN = 'James R. Lindqvist, M.P.H., Henrik C. Whitfield, M.D., Ana Souza…';

const week = (id: number, thedate: string): WeeklyRecord => ({
  articleWeeklyPo: { id, title: `第${id}期`, thedate, catalogPermalinks: id === 1 ? 'QYK0001' : '' },
  articleMap: {
    '5': [article({ title: `期刊 ${thedate}`, permalinks: `QYJ${id}`, author: DEGREE_AUTHORS })],
    '6': [article({ title: `文摘 ${thedate}`, sourceid: 6 })],
    '7': [article({ title: `动画 ${thedate}`, sourceid: 7, permalinks: `QYA${id}` })],
    '1': [article({ title: `述评 ${thedate}`, haswantsay: 1, permalinks: `QYC${id}` })],
    '0': [],
  },
});

function mock() {
  const months = jest
    .spyOn(api.periodical, 'getMonthOfQiKanYear')
    .mockImplementation(async ({ year }) => (year === THIS_YEAR ? [1, 4, 7] : year === THIS_YEAR - 1 ? [2, 7, 11] : []));
  const list = jest.spyOn(api.periodical, 'selectQiKanList').mockImplementation(async ({ month }) => {
    const y = month.slice(0, 4);
    const m = month.slice(4);
    return pageOf([week(1, `${y}-${m}-15`), week(2, `${y}-${m}-08`)]);
  });
  return { months, list };
}

describe('/period-article', () => {
  it('opens the newest month with data, lists weekly groups, and writes the month into the URL', async () => {
    const { list } = mock();
    const { location } = renderAt('/period-article', <AppRoutes />);
    expect(await screen.findByRole('tab', { name: '7月' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['1月', '4月', '7月']);
    await waitFor(() => expect(location()).toBe(`/period-article?year=${THIS_YEAR}&month=7`));
    expect(list).toHaveBeenCalledWith({ month: `${THIS_YEAR}07`, pageNo: 1, pageSize: 20 }, { silent: true });
    const group = await screen.findByRole('region', { name: '第1期' });
    expect(within(group).getByRole('link', { name: `期刊 ${THIS_YEAR}-07-15` })).toHaveAttribute('href', '/article-info?permalinks=QYJ1');
    expect(within(group).getByText('动画解读')).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: `动画 ${THIS_YEAR}-07-15` })).toHaveAttribute('href', '/animation-particulars?permalinks=QYA1');
    expect(within(group).getByRole('link', { name: `述评 ${THIS_YEAR}-07-15` })).toHaveAttribute('href', '/article-particulars?permalinks=QYC1');
    expect(within(group).getByText(DEGREE_AUTHORS_SHOWN)).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: '本期目录' })).toHaveAttribute('href', `/nejm-catalog?permalinks=QYK0001&month=${THIS_YEAR}07`);
  });

  it('switches months and years; a year offers 11 choices', async () => {
    const { list } = mock();
    const { location } = renderAt('/period-article', <AppRoutes />);
    await userEvent.click(await screen.findByRole('tab', { name: '4月' }));
    await waitFor(() => expect(location()).toBe(`/period-article?year=${THIS_YEAR}&month=4`));
    expect(await screen.findByText(`期刊 ${THIS_YEAR}-04-15`)).toBeInTheDocument();

    const select = screen.getByRole('combobox', { name: '年份' });
    expect(within(select).getAllByRole('option')).toHaveLength(11);
    await userEvent.selectOptions(select, String(THIS_YEAR - 1));
    expect(await screen.findByRole('tab', { name: /^11月$/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(location()).toBe(`/period-article?year=${THIS_YEAR - 1}&month=11`));
    expect(list).toHaveBeenLastCalledWith({ month: `${THIS_YEAR - 1}11`, pageNo: 1, pageSize: 20 }, { silent: true });
  });

  it('says so when a year has no issues', async () => {
    mock();
    renderAt(`/period-article?year=${THIS_YEAR - 5}`, <AppRoutes />);
    expect(await screen.findByText('该年份暂无期刊')).toBeInTheDocument();
    expect(api.periodical.selectQiKanList).not.toHaveBeenCalled();
  });
});

describe('/latest-periodical', () => {
  it('shows the latest week in two columns', async () => {
    jest.spyOn(api.periodical, 'newestArticle').mockResolvedValue(week(9, '2026-11-19'));
    renderAt('/latest-periodical', <AppRoutes />);
    expect(await screen.findByText('第9期')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '期刊 2026-11-19' })).toHaveAttribute('href', '/article-info?permalinks=QYJ9');
    expect(screen.getByText('文摘 2026-11-19')).toBeInTheDocument();
    expect(screen.getByText('期刊文章')).toBeInTheDocument();
    expect(screen.getByText('期刊文摘')).toBeInTheDocument();
    expect(screen.queryByText(/已保存/)).not.toBeInTheDocument();
  });

  it('says how many of this week’s articles the device keeps for reading offline, once the shell has kept them', async () => {
    localStorage.setItem('qy.offline', JSON.stringify({ weekId: 8, articles: 5 }));
    jest.spyOn(api.periodical, 'newestArticle').mockResolvedValue(week(9, '2026-11-19'));
    renderAt('/latest-periodical', <AppRoutes />);
    expect(await screen.findByText('第9期')).toBeInTheDocument();
    expect(screen.queryByText(/已保存/)).not.toBeInTheDocument();
    localStorage.setItem('qy.offline', JSON.stringify({ weekId: 9, articles: 12 }));
    act(() => void window.dispatchEvent(new Event('qy:offline-kept')));
    expect(screen.getByText('本期 12 篇已保存，无网络时也可阅读')).toHaveAttribute('role', 'status');
    localStorage.removeItem('qy.offline');
  });
});
