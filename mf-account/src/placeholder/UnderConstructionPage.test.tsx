import { closeDialog, dialogAtom, qyStore } from '@qianyan/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../personal/testing';

beforeEach(() => closeDialog());

describe('account routes that are not built yet', () => {
  it.each([
    ['/register', '注册'],
    ['/wechat/wxlogin?code=abc', '微信登录'],
    ['/wxloginBindPhone?code=abc', '绑定手机'],
  ])('%s says 栏目建设中 and offers 首页 and 登录', async (url, name) => {
    renderAt(url);
    expect(screen.getByRole('heading', { level: 1, name: '栏目建设中' })).toBeInTheDocument();
    expect(screen.getByText(name)).toBeInTheDocument();
    expect(document.title).toBe(`${name} - 千言医学`);
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(qyStore.get(dialogAtom)).toEqual({ name: 'login' });
  });
});
