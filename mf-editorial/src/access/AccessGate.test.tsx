import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, qyStore, sessionAtom } from '@qianyan/shared/core';
import { renderAt, requestedDialog, sessionUser } from '@qianyan/shared/testing';
import { editorApi, type StaffMe } from '../api';
import { EditorialRoutes } from '../App';

const staff = (role: StaffMe['role']): StaffMe => ({
  id: 30,
  username: `demo_${role}`,
  role,
  can: { createArticle: true, publish: role !== 'contributor', manageStaff: role === 'admin', readAudit: role === 'admin' },
});

function signIn() {
  qyStore.set(sessionAtom, { token: 'token-abc', user: sessionUser({ membername: 'demo_reader' }), savedAt: Date.now() });
}

beforeEach(() => {
  qyStore.set(sessionAtom, null);
  jest.spyOn(editorApi, 'list').mockResolvedValue({ results: [], page: { total: 0, pages: 0, pageNo: 1, pageSize: 20 } });
});
afterEach(() => jest.restoreAllMocks());

describe('the console’s access gate', () => {
  it('asks a visitor to log in with the shell’s login dialog, without asking the server', async () => {
    const me = jest.spyOn(editorApi, 'me');
    renderAt('/editor', <EditorialRoutes />);
    expect(screen.getByText('请先登录')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(requestedDialog()).toEqual({ name: 'login', props: undefined });
    expect(me).not.toHaveBeenCalled();
  });

  it('refuses an account without a staff role with the server’s 没有权限', async () => {
    signIn();
    jest.spyOn(editorApi, 'me').mockRejectedValue(new ApiError(10403, '没有权限：仅限编辑部人员使用'));
    renderAt('/editor', <EditorialRoutes />);
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
    expect(screen.getByText('没有权限：仅限编辑部人员使用')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(editorApi.list).not.toHaveBeenCalled();
  });

  it.each([
    ['contributor', ['文章'], ['期刊', '审计', '人员']],
    ['editor', ['文章', '期刊'], ['审计', '人员']],
    ['admin', ['文章', '期刊', '审计', '人员'], []],
  ] as const)('lets a %s in with the menu its role opens', async (role, open, closed) => {
    signIn();
    jest.spyOn(editorApi, 'me').mockResolvedValue(staff(role));
    renderAt('/editor', <EditorialRoutes />);
    const nav = await screen.findByRole('navigation');
    const entries = within(nav).getAllByRole('menuitem').map((i) => i.textContent);
    expect(entries).toEqual(expect.arrayContaining([...open]));
    for (const entry of closed) expect(entries).not.toContain(entry);
    expect(screen.getByText(`demo_${role}`)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '文章' })).toBeInTheDocument();
  });

  it('refuses a screen the role does not open, even by its address', async () => {
    signIn();
    jest.spyOn(editorApi, 'me').mockResolvedValue(staff('contributor'));
    renderAt('/editor/staff', <EditorialRoutes />);
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
  });

  it('asks the server again after a login in the shell’s dialog', async () => {
    const me = jest.spyOn(editorApi, 'me').mockResolvedValue(staff('editor'));
    renderAt('/editor', <EditorialRoutes />);
    expect(screen.getByText('请先登录')).toBeInTheDocument();
    act(() => signIn());
    expect(await screen.findByRole('navigation')).toBeInTheDocument();
    expect(me).toHaveBeenCalled();
  });
});
