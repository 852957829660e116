// Registration and the WeChat pages draw their first view without antd: nothing on its path may
// load antd or its icons (registration's later steps and the profile form bring antd with their own
// chunks, after an interaction).
jest.mock('antd', () => {
  throw new Error('antd was loaded by a first view');
});
jest.mock('@ant-design/icons', () => {
  throw new Error('@ant-design/icons was loaded by a first view');
});

import { clearSession } from '@qianyan/shared/core';
import { StoreProvider } from '@qianyan/shared/lifecycles';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AccountRoutes } from './App';

jest.setTimeout(30_000);
afterEach(() => act(() => clearSession()));

function renderAt(url: string) {
  render(
    <StoreProvider>
      <MemoryRouter initialEntries={[url]}>
        <AccountRoutes />
      </MemoryRouter>
    </StoreProvider>,
  );
}

it('draws step 1 of /register (steps, tabs, phone and code fields) without antd', async () => {
  renderAt('/register');
  expect(await screen.findByRole('heading', { name: '注册千言医学账号' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: '手机注册' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByLabelText('手机号码')).toBeInTheDocument();
  expect(screen.getByLabelText('验证码')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  expect(document.querySelector('[class*="ant-"]')).toBeNull();
});

it('draws the phone binding of /wxloginBindPhone without antd', async () => {
  renderAt('/wxloginBindPhone?code=wx-1');
  expect(await screen.findByRole('heading', { name: '绑定手机' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '绑定并登录' })).toBeInTheDocument();
  expect(document.querySelector('[class*="ant-"]')).toBeNull();
});

it('draws /wechat/wxlogin without a code (the warning and its two actions) without antd', async () => {
  renderAt('/wechat/wxlogin');
  expect(await screen.findByText('缺少微信授权信息', undefined, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '重新登录' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
  expect(document.querySelector('[class*="ant-"]')).toBeNull();
});
