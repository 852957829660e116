import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isRemoteFallback, onRetry, remoteFallbackLifecycles, REMOTE_FAILED_TEXT, REMOTE_FAILED_TITLE } from './fallback';

beforeEach(() => {
  document.body.innerHTML = '<main id="qy-main"></main><div id="other"></div>';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('remote fallback lifecycles', () => {
  it('mounts an alert with the message and a 重新加载 button into the given element', async () => {
    const app = remoteFallbackLifecycles('mf_content', new Error('boom'));
    expect(isRemoteFallback(app)).toBe(true);
    expect(isRemoteFallback({ bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} })).toBe(false);
    const host = document.getElementById('other') as HTMLElement;
    await app.bootstrap();
    await app.mount({ domElement: host });
    const alert = screen.getByRole('alert');
    expect(host).toContainElement(alert);
    expect(screen.getByRole('heading', { name: REMOTE_FAILED_TITLE })).toBeInTheDocument();
    expect(screen.getByText(REMOTE_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it('falls back to #qy-main without a dom element', async () => {
    const app = remoteFallbackLifecycles('mf_courses');
    await app.mount({});
    expect(document.getElementById('qy-main')).toContainElement(screen.getByRole('alert'));
  });

  it('tells the retry listeners which app to reload, by its single-spa name', async () => {
    const listener = jest.fn();
    onRetry(listener);
    const app = remoteFallbackLifecycles('mf_account');
    await app.mount({});
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(listener).toHaveBeenCalledWith('mf-account');
  });

  it('removes the message on unmount', async () => {
    const app = remoteFallbackLifecycles('mf_payment');
    await app.mount({});
    await app.unmount();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
