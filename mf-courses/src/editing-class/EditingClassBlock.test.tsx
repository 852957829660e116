import { api, clearSession, MSG, setSession, toast } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { lesson, member, pageOf, renderAt, setViewportWidth } from '../test/fixtures';
import { EditingClassBlock } from './EditingClassBlock';

jest.setTimeout(30_000);

let listSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  listSpy = jest.spyOn(api.lesson, 'selectLessonList').mockImplementation(async (query) =>
    pageOf(
      [1, 2, 3, 4].map((n) =>
        lesson({
          id: (query.subjectSerType?.[0] ?? 0) * 10 + n,
          title: `${query.subjectSerType?.[0] === 1 ? '编辑课堂' : '临床研究'}课程${n}`,
          subjectSerType: query.subjectSerType?.[0] === 1 ? (n === 2 ? 2 : 1) : 4,
        }),
      ),
      12,
    ),
  );
});

afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

const home = () =>
  renderAt(
    '/index',
    <Routes>
      <Route path="/index" element={<EditingClassBlock />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
  );

describe('editing-class block', () => {
  it('shows 编辑课堂 first: three courses of serial types 1 and 2, sortType 3, and a more link to the video tab', async () => {
    home();
    await screen.findByRole('button', { name: '编辑课堂课程1' });
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(listSpy).toHaveBeenCalledWith({ pageNo: 1, pageSize: 3, subjectSerType: [1, 2], sortType: 3 }, { silent: true });
    expect(screen.getByRole('tab', { name: '编辑课堂', selected: true })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('button', { name: '编辑课堂课程1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '更多' })).toHaveAttribute('href', '/course-resources?type=video');
  });

  it('switches to 临床研究与实践 (serial types 4 and 5) with its more link to the image-text tab', async () => {
    home();
    await screen.findByRole('button', { name: '编辑课堂课程1' });
    await userEvent.click(screen.getByRole('tab', { name: '临床研究与实践' }));
    await waitFor(() =>
      expect(listSpy).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 3, subjectSerType: [4, 5], sortType: 3 }, { silent: true }),
    );
    expect(await screen.findByRole('button', { name: '临床研究课程1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '更多' })).toHaveAttribute('href', '/course-resources?type=img');
  });

  it('asks a visitor to log in when a course is clicked (登录即可观看)', async () => {
    const warn = jest.spyOn(toast, 'warning').mockImplementation(() => {});
    const { location } = home();
    await userEvent.click(await screen.findByRole('button', { name: '编辑课堂课程1' }));
    expect(warn).toHaveBeenCalledWith(MSG.loginToWatch);
    expect(location()).toBe('/index');
  });

  it('opens the lesson page for a single course and the series page for a series', async () => {
    setSession('token-1', member());
    const { location } = home();
    await userEvent.click(await screen.findByRole('button', { name: '编辑课堂课程1' }));
    expect(location()).toBe('/course-video?id=10011');
  });

  it('opens a series on the series page', async () => {
    setSession('token-1', member());
    const { location } = home();
    await userEvent.click(await screen.findByRole('button', { name: '编辑课堂课程2' }));
    expect(location()).toBe('/series-courses?id=10012');
  });
});
