import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, requestCaptcha, type CaptchaAnswer } from '@qianyan/shared';
import { act } from 'react';
import { CLASSES, renderChrome, resetChrome, setWidth } from '../testUtils';

jest.setTimeout(30_000);

beforeEach(() => {
  resetChrome('/register');
  setWidth(1440);
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
});
afterEach(() => jest.restoreAllMocks());

async function openCaptcha() {
  const user = userEvent.setup({ delay: null });
  renderChrome();
  let answer!: Promise<CaptchaAnswer | null>;
  act(() => {
    answer = requestCaptcha();
  });
  const dialog = await screen.findByRole('dialog', { name: '图片验证码' });
  return { user, dialog, answer };
}

describe('image captcha dialog (§2.6 图片验证码)', () => {
  it('shows the picture, loads a new one on a click, and resolves with its uuid and the result', async () => {
    const captcha = jest
      .spyOn(api.login, 'captchaImage')
      .mockResolvedValueOnce({ img: 'data:image/png;base64,AAA', uuid: 'u-1' })
      .mockResolvedValueOnce({ img: 'data:image/png;base64,BBB', uuid: 'u-2' });
    const { user, dialog, answer } = await openCaptcha();
    const img = await within(dialog).findByRole('img', { name: /图片验证码/ });
    expect(img).toHaveAttribute('src', 'data:image/png;base64,AAA');

    await user.click(img);
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: /图片验证码/ })).toHaveAttribute('src', 'data:image/png;base64,BBB'),
    );
    expect(captcha).toHaveBeenCalledTimes(2);

    await user.type(within(dialog).getByLabelText('计算结果'), ' 12 ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await expect(answer).resolves.toEqual({ uuid: 'u-2', code: '12' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '图片验证码' })).not.toBeInTheDocument());
  });

  it('asks for the result when it is empty', async () => {
    jest.spyOn(api.login, 'captchaImage').mockResolvedValue({ img: 'data:image/png;base64,AAA', uuid: 'u-1' });
    const { user, dialog } = await openCaptcha();
    await within(dialog).findByRole('img', { name: /图片验证码/ });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入计算结果')).toBeInTheDocument();
  });

  it('resolves null when cancelled', async () => {
    jest.spyOn(api.login, 'captchaImage').mockResolvedValue({ img: 'data:image/png;base64,AAA', uuid: 'u-1' });
    const { user, dialog, answer } = await openCaptcha();
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await expect(answer).resolves.toBeNull();
  });

  it('offers a retry when the picture cannot be loaded', async () => {
    jest
      .spyOn(api.login, 'captchaImage')
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ img: 'data:image/png;base64,AAA', uuid: 'u-1' });
    const { user, dialog } = await openCaptcha();
    await user.click(await within(dialog).findByRole('button', { name: /验证码加载失败/ }));
    expect(await within(dialog).findByRole('img', { name: /图片验证码/ })).toBeInTheDocument();
  });
});
