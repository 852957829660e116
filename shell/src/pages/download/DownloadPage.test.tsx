import { render, screen } from '@testing-library/react';
import { siteConfig } from '@qianyan/shared';
import { StoreProvider } from '@qianyan/shared/lifecycles';
import { DownloadPage } from './DownloadPage';

const realUA = navigator.userAgent;
function setUserAgent(ua: string) {
  Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => ua });
}
afterEach(() => {
  setUserAgent(realUA);
  delete window.__QY_CONFIG__;
});
const STORES = { downloadIosUrl: 'https://apps.apple.com/cn/app/id1234567890', downloadAndroidUrl: 'https://static.example.cn/qianyan-2.4.0.apk' };

const renderPage = (redirect = jest.fn()) => {
  render(
    // As the page mounts (lifecycles.tsx): in the shared store, without antd's providers.
    <StoreProvider>
      <DownloadPage redirect={redirect} />
    </StoreProvider>,
  );
  return redirect;
};

describe('download page', () => {
  it('shows the app, its pitch and both store buttons on a desktop', () => {
    window.__QY_CONFIG__ = STORES;
    setUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36');
    const redirect = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '千言医学 App' })).toBeInTheDocument();
    expect(screen.getByText(/随时随地阅读医学期刊中文版/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', siteConfig().downloadIosUrl);
    expect(screen.getByRole('link', { name: /Android/ })).toHaveAttribute('href', siteConfig().downloadAndroidUrl);
    expect(redirect).not.toHaveBeenCalled();
    expect(document.title).toBe('下载 App - 千言医学');
    // Drawn without antd (its first view loads none).
    expect(document.querySelector('[class*="ant-"], .anticon')).toBeNull();
  });

  it('replaces the page with the App Store on an iPhone', () => {
    window.__QY_CONFIG__ = STORES;
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148');
    const redirect = renderPage();
    expect(redirect).toHaveBeenCalledWith(siteConfig().downloadIosUrl);
    expect(screen.getByRole('link', { name: '如果没有自动跳转，请点击这里' })).toHaveAttribute(
      'href',
      siteConfig().downloadIosUrl,
    );
  });

  it('replaces the page with the Android package on Android', () => {
    window.__QY_CONFIG__ = STORES;
    setUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/124.0 Mobile Safari/537.36');
    const redirect = renderPage();
    expect(redirect).toHaveBeenCalledWith(siteConfig().downloadAndroidUrl);
  });

  it('without a configured package, an Android phone stays and is told how to add the site to its home screen', () => {
    window.__QY_CONFIG__ = { downloadIosUrl: STORES.downloadIosUrl };
    setUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/124.0 Mobile Safari/537.36');
    const redirect = renderPage();
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByText(/暂未在此平台上架/)).toBeInTheDocument();
    expect(screen.getByText(/选「添加到主屏幕」或「安装应用」/)).toBeInTheDocument();
    expect(screen.queryByText(/Safari/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Android 下载/ })).toBeNull();
    expect(screen.getByRole('link', { name: '进入千言医学' })).toHaveAttribute('href', '/index');
  });

  it('with no store configured, a desktop shows no store buttons but both ways to add the site', () => {
    setUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36');
    renderPage();
    expect(screen.queryByRole('link', { name: /App Store/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Android 下载/ })).toBeNull();
    expect(screen.getByText(/Safari/)).toBeInTheDocument();
    expect(screen.getByText(/安装应用/)).toBeInTheDocument();
  });
});
