// 用户登录 opens on the first view of /personal for a visitor, so it must draw without antd: nothing
// it loads may bring antd or its icons (the other dialogs load them when they open).
jest.mock('antd', () => {
  throw new Error('antd was loaded by the login dialog');
});
jest.mock('@ant-design/icons', () => {
  throw new Error('@ant-design/icons was loaded by the login dialog');
});

import { closeDialog, MSG, openLoginDialog } from '@qianyan/shared/core';
import { StoreProvider } from '@qianyan/shared/lifecycles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { Dialogs } from './Dialogs';

afterEach(() => act(() => closeDialog()));

it('opens 用户登录 and checks its fields with no antd loaded', async () => {
  render(
    <StoreProvider>
      <Dialogs />
    </StoreProvider>,
  );
  act(() => openLoginDialog());
  const dialog = await screen.findByRole('dialog', { name: MSG.loginTitle });
  await userEvent.click(within(dialog).getByRole('button', { name: '登录' }));
  expect(within(dialog).getByText('请输入用户名、手机或邮箱')).toBeInTheDocument();
  expect(within(dialog).getByText('请输入密码')).toBeInTheDocument();
  expect(document.querySelector('[class*="ant-"]')).toBeNull();
});
