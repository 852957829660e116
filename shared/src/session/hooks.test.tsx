import { act, render, screen, waitFor } from '@testing-library/react';
import { api } from '../api';
import { toast } from '../toast';
import { AppProviders } from '../ui/AppProviders';
import { loginWithPassword, logout, useApiQuery, useSession } from './hooks';
import { getSession, qyStore, sessionAtom } from './store';

const user = {
  id: 3,
  membername: 'demo_reader',
  truename: '',
  identity: '',
  roleid: 0 as const,
  avatar: '',
  subscribe_info: { service_type: 0 as const, service_end_date: null },
  ifNeedUpdate: 0 as const,
};

beforeEach(() => {
  qyStore.set(sessionAtom, null);
  jest.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

function Who() {
  const { loggedIn, user: u } = useSession();
  return <p>{loggedIn ? u?.membername : '未登录'}</p>;
}

describe('login and logout', () => {
  it('stores the session and says 登录成功', async () => {
    jest.spyOn(api.login, 'login').mockResolvedValue({ ...user, token: 't-1' });
    render(
      <AppProviders>
        <Who />
      </AppProviders>,
    );
    expect(screen.getByText('未登录')).toBeInTheDocument();
    await act(() => loginWithPassword('demo_reader', 'secret1'));
    expect(screen.getByText('demo_reader')).toBeInTheDocument();
    expect(getSession()?.token).toBe('t-1');
    expect(toast.success).toHaveBeenCalledWith('登录成功');
  });

  it('logout calls the server, clears the session and goes to /index even if the call fails', async () => {
    qyStore.set(sessionAtom, { token: 't', user, savedAt: Date.now() });
    const spy = jest.spyOn(api.login, 'userLogout').mockRejectedValue(new Error('down'));
    const navigate = jest.fn();
    await logout(navigate);
    expect(spy).toHaveBeenCalled();
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/index');
  });
});

function Loader({ fn }: { fn: () => Promise<string> }) {
  const q = useApiQuery(fn, []);
  if (q.loading) return <p>加载中</p>;
  if (q.error) return <button onClick={q.reload}>重试</button>;
  return <p>{q.data}</p>;
}

describe('useApiQuery', () => {
  it('shows loading, then the data', async () => {
    render(<Loader fn={() => Promise.resolve('已加载')} />);
    expect(screen.getByText('加载中')).toBeInTheDocument();
    expect(await screen.findByText('已加载')).toBeInTheDocument();
  });
  it('shows the error state and reloads on demand', async () => {
    const fn = jest.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce('第二次成功');
    render(<Loader fn={fn} />);
    const retry = await screen.findByRole('button', { name: '重试' });
    act(() => retry.click());
    await waitFor(() => expect(screen.getByText('第二次成功')).toBeInTheDocument());
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
