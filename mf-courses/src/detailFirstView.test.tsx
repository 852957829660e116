// The lesson, series and conference pages draw without antd: rendered in the shared store only (no
// antd providers), nothing on them is an antd component or icon (docs/decisions.md, "The first view
// without the chrome's antd"; the bench's first view checks the bytes). The share popover is plain
// too: it opens under 分享, hands 微信 to the shell's QR code dialog, and closes on Escape.
import { api, clearSession, dialogAtom, qyStore, setSession } from '@qianyan/shared/core';
import { StoreProvider } from '@qianyan/shared/lifecycles';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from './App';
import { CLASSES, conferenceDetail, lesson, lessonDetail, member, pageOf, setViewportWidth } from './test/fixtures';

jest.setTimeout(30_000);

const meeting = conferenceDetail;

const renderPlain = (url: string) =>
  render(
    <StoreProvider>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
      </MemoryRouter>
    </StoreProvider>,
  );

const noAntd = () => expect(document.querySelector('[class*="ant-"], .anticon')).toBeNull();

beforeEach(() => {
  setViewportWidth(1440);
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(api.lesson, 'selectLessonList').mockResolvedValue(pageOf([]));
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => {
    clearSession();
    qyStore.set(dialogAtom, null);
  });
});

it('draws a lesson for a member, and its locked cover and 登录 for a visitor, without antd', async () => {
  jest.spyOn(api.lesson, 'selectLessonDetail').mockResolvedValue(lessonDetail({ blockedBy: 'login', media: '[]', is_have_view_auth: 2 }));
  const { unmount } = renderPlain('/course-video?id=10001');
  expect(await screen.findByRole('heading', { level: 1, name: '读懂一篇随机对照试验' }, { timeout: 10_000 })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
  expect(qyStore.get(dialogAtom)?.name).toBe('login');
  noAntd();
  unmount();

  act(() => setSession('t', member()));
  jest.spyOn(api.lesson, 'selectLessonDetail').mockResolvedValue(lessonDetail());
  renderPlain('/course-video?id=10001');
  expect(await screen.findByText('本讲要点')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /收藏/ })).toHaveAttribute('aria-pressed', 'false');
  noAntd();
});

it('draws a series with its catalogue without antd', async () => {
  jest
    .spyOn(api.lesson, 'selectLessonDetail')
    .mockResolvedValue(lessonDetail({ lessonResId: 10004, title: '临床研究方法系列', subjectSerType: 2, childLessonList: [lesson({ id: 2, title: '第一讲' })] }));
  renderPlain('/series-courses?id=10004');
  expect(await screen.findByRole('heading', { level: 1, name: '临床研究方法系列' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /第一讲/ })).toHaveAttribute('href', '/course-video?id=10002');
  noAntd();
});

it('shares a conference notice from a plain popover: 微信 opens the QR code dialog, Escape closes it', async () => {
  jest.spyOn(api.conference, 'detail').mockResolvedValue(meeting());
  renderPlain('/meeting-notice?id=5');
  expect(await screen.findByRole('heading', { level: 1, name: '心血管循证医学高峰论坛' }, { timeout: 10_000 })).toBeInTheDocument();
  const share = screen.getByRole('button', { name: '分享' });
  expect(share).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(share);
  expect(share).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('button', { name: '微博' })).toBeInTheDocument();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('button', { name: '微信' })).toBeNull();

  await userEvent.click(share);
  await userEvent.click(screen.getByRole('button', { name: '微信' }));
  expect(qyStore.get(dialogAtom)).toMatchObject({ name: 'shareQr', props: { title: '心血管循证医学高峰论坛' } });
  expect(screen.queryByRole('button', { name: '微信' })).toBeNull();
  expect(share).toHaveFocus();
  noAntd();
});

it('asks a visitor to log in for a conference review, without antd', async () => {
  jest.spyOn(api.conference, 'detail').mockResolvedValue(meeting({ lessAdvStatus: 1 }));
  renderPlain('/meeting-review?id=5');
  expect(await screen.findByText('登录后即可观看会议回顾', undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  noAntd();
});

it('shows the busy lines, then the failure and 重试, without antd', async () => {
  jest.spyOn(api.lesson, 'selectLessonDetail').mockRejectedValue(new Error('网络繁忙'));
  renderPlain('/course-video?id=10001');
  expect(await screen.findByRole('alert', undefined, { timeout: 10_000 })).toHaveTextContent('网络繁忙');
  expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  noAntd();
});
