import { ABOUT_SERVICE_KEY_STORAGE, api, type AboutPage as Page } from '@qianyan/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { renderAt } from '../test/fixtures';
import { pickSection } from './aboutSection';

afterEach(() => {
  jest.restoreAllMocks();
  sessionStorage.clear();
});

const PAGES: Page[] = [
  { id: 1, type: 'intro', title: '关于我们', content: '<p>平台简介。</p>', serviceKey: 0 },
  { id: 2, type: 'terms', title: '服务条款', content: '<p>条款正文。</p>', serviceKey: 2 },
  { id: 3, type: 'privacy', title: '隐私政策', content: '<p>隐私正文。</p>', serviceKey: 9 },
  { id: 4, type: 'contact', title: '联系我们', content: '<p>邮箱。</p>', serviceKey: 0 },
];

describe('about section choice', () => {
  it('type first, then the stored service key, else the first', () => {
    expect(pickSection(PAGES, 'contact', '2')?.type).toBe('contact');
    expect(pickSection(PAGES, null, '2')?.type).toBe('terms');
    expect(pickSection(PAGES, null, '9')?.type).toBe('privacy');
    expect(pickSection(PAGES, null, '5')?.type).toBe('intro');
    expect(pickSection(PAGES, 'nope', null)?.type).toBe('intro');
    expect(pickSection([], null, null)).toBeUndefined();
  });
});

describe('/about', () => {
  it('lists the sections, opens the one in type, and switches', async () => {
    jest.spyOn(api.about, 'selectAbout').mockResolvedValue(PAGES);
    const { location } = renderAt('/about?type=contact', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '联系我们' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '栏目' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['关于我们', '服务条款', '隐私政策', '联系我们']);
    await userEvent.click(within(nav).getByRole('link', { name: '隐私政策' }));
    expect(await screen.findByText('隐私正文。')).toBeInTheDocument();
    expect(location()).toBe('/about?type=privacy');
  });

  it('the stored service key selects the section and is cleared on leaving', async () => {
    sessionStorage.setItem(ABOUT_SERVICE_KEY_STORAGE, '2');
    jest.spyOn(api.about, 'selectAbout').mockResolvedValue(PAGES);
    const { unmount } = renderAt('/about', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '服务条款' })).toBeInTheDocument();
    unmount();
    expect(sessionStorage.getItem(ABOUT_SERVICE_KEY_STORAGE)).toBeNull();
  });
});
