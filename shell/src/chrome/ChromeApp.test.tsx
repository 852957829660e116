import { act, screen, waitFor, within } from '@testing-library/react';
import { api, getSession } from '@qianyan/shared';
import { chromeTestSetup, makeUser, renderChrome, signIn } from './testUtils';

jest.setTimeout(30_000);

chromeTestSetup();

describe('chrome app', () => {
  it('renders the footer into #qy-footer with its links, copyright and filing numbers', () => {
    renderChrome();
    const footerHost = document.getElementById('qy-footer') as HTMLElement;
    const footer = within(footerHost).getByRole('contentinfo');
    const link = (name: string) => within(footer).getByRole('link', { name });
    expect(link('医学期刊中文版')).toHaveAttribute('href', '/index');
    expect(link('千言课堂')).toHaveAttribute('href', '/course-resources');
    expect(link('关于千言')).toHaveAttribute('href', '/about');
    expect(link('服务条款')).toHaveAttribute('href', '/about?type=terms');
    expect(link('用户协议')).toHaveAttribute('href', '/about?type=agreement');
    expect(link('隐私政策')).toHaveAttribute('href', '/about?type=privacy');
    expect(link('联系我们')).toHaveAttribute('href', '/about?type=contact');
    expect(within(footer).getByText(`© ${new Date().getFullYear()} 千言医学 版权所有`)).toBeInTheDocument();
    expect(within(footer).getByText('京ICP备20260001号-1')).toBeInTheDocument();
    expect(within(footer).getByText('京公网安备11010502000001号')).toBeInTheDocument();
  });

  it('refreshes a stored user quietly on start', async () => {
    signIn(makeUser({ membername: '旧名字', subscribe_info: { service_type: 0, service_end_date: null } }));
    const fresh = makeUser({ membername: '新名字' });
    const getMemberInfo = jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(fresh);
    renderChrome();
    expect(getMemberInfo).toHaveBeenCalledWith({ silent: true });
    expect(await within(screen.getByRole('banner')).findByText('新名字')).toBeInTheDocument();
    expect(getSession()?.token).toBe('token-abc');
    expect(getSession()?.user.subscribe_info.service_type).toBe(2);
  });

  it('keeps the stored user when the refresh fails', async () => {
    signIn(makeUser({ membername: '王医生' }));
    const getMemberInfo = jest.spyOn(api.user, 'getMemberInfo').mockRejectedValue(new Error('offline'));
    renderChrome();
    await waitFor(() => expect(getMemberInfo).toHaveBeenCalled());
    expect(within(screen.getByRole('banner')).getByText('王医生')).toBeInTheDocument();
  });

  it('does not ask for the user when nobody is signed in', () => {
    const getMemberInfo = jest.spyOn(api.user, 'getMemberInfo');
    renderChrome();
    expect(getMemberInfo).not.toHaveBeenCalled();
  });

  it('shows no reader header, advert or footer on the editorial console, and brings them back on leaving it', () => {
    window.history.pushState({}, '', '/editor/article/3');
    try {
      renderChrome();
      expect(screen.queryByRole('banner')).toBeNull();
      expect(within(document.getElementById('qy-footer') as HTMLElement).queryByRole('contentinfo')).toBeNull();
      act(() => {
        window.history.pushState({}, '', '/index');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      expect(screen.getByRole('banner')).toBeInTheDocument();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
