// A visitor's /personal is drawn without antd: nothing on its path may load antd or its icons (the
// logged-in centre, registration and the WeChat pages bring antd with their own chunks).
jest.mock('antd', () => {
  throw new Error('antd was loaded by the visitor view');
});
jest.mock('@ant-design/icons', () => {
  throw new Error('@ant-design/icons was loaded by the visitor view');
});

import { clearSession, MSG, qyStore, dialogAtom } from '@qianyan/shared/core';
import { StoreProvider } from '@qianyan/shared/lifecycles';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AccountRoutes } from './App';

afterEach(() => act(() => clearSession()));

it('shows 请先登录, the login prompt and a plain 登录 button to a visitor, without antd', async () => {
  render(
    <StoreProvider>
      <MemoryRouter initialEntries={['/personal']}>
        <AccountRoutes />
      </MemoryRouter>
    </StoreProvider>,
  );
  expect(await screen.findByRole('heading', { name: '个人中心' })).toBeInTheDocument();
  expect(document.querySelector('.qy-toasts')).toHaveTextContent(MSG.pleaseLogin);
  expect(qyStore.get(dialogAtom)?.name).toBe('login');
  act(() => qyStore.set(dialogAtom, null));
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
  expect(qyStore.get(dialogAtom)?.name).toBe('login');
  expect(document.querySelector('[class*="ant-"]')).toBeNull();
});
