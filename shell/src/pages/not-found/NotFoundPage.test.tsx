import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreProvider } from '@qianyan/shared/lifecycles';
import { NotFoundPage } from './NotFoundPage';

beforeEach(() => {
  window.history.pushState(null, '', '/no-such-page');
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});

const renderPage = () =>
  render(
    // As the page mounts (lifecycles.tsx): in the shared store, without antd's providers.
    <StoreProvider>
      <NotFoundPage />
    </StoreProvider>,
  );

describe('404 page', () => {
  it('says the page does not exist, with 404, and offers the main sections', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '404 页面不存在' })).toBeInTheDocument();
    expect(screen.getByText('404', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(/您访问的页面可能已被删除/)).toBeInTheDocument();
    const sections = within(screen.getByRole('navigation', { name: '您可以前往' }));
    expect(sections.getByRole('link', { name: '期刊文章' })).toHaveAttribute('href', '/nejm-list');
    expect(sections.getByRole('link', { name: '动画解读' })).toHaveAttribute('href', '/animation-list');
    expect(sections.getByRole('link', { name: '课程' })).toHaveAttribute('href', '/course-resources');
    expect(sections.getByRole('link', { name: '关于我们' })).toHaveAttribute('href', '/about');
    expect(document.title).toBe('页面不存在 - 千言医学');
    // Drawn without antd (its first view loads none).
    expect(document.querySelector('[class*="ant-"], .anticon')).toBeNull();
  });

  it('goes home from 返回首页 without reloading', async () => {
    renderPage();
    const home = screen.getByRole('link', { name: '返回首页' });
    expect(home).toHaveAttribute('href', '/index');
    await userEvent.click(home);
    expect(window.location.pathname).toBe('/index');
  });
});
