// The toast loads antd's message on first use, configures it once, and keeps the order of toasts
// asked for while it loads.
const calls: string[] = [];
const message = {
  config: jest.fn(),
  success: jest.fn((t: string) => calls.push(`success:${t}`)),
  error: jest.fn((t: string) => calls.push(`error:${t}`)),
  warning: jest.fn((t: string) => calls.push(`warning:${t}`)),
  info: jest.fn((t: string) => calls.push(`info:${t}`)),
};
jest.mock('antd', () => ({ message }));

import { TOAST_MAX_COUNT, TOAST_SECONDS } from './constants';
import { toast } from './toast';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toast', () => {
  it('shows nothing until asked, then shows every toast in order with the spec settings', async () => {
    expect(message.config).not.toHaveBeenCalled();
    toast.info('一');
    toast.error('二');
    toast.success('三');
    toast.warning('四');
    expect(calls).toEqual([]);
    await settle();
    expect(calls).toEqual(['info:一', 'error:二', 'success:三', 'warning:四']);
    expect(message.config).toHaveBeenCalledTimes(1);
    expect(message.config).toHaveBeenCalledWith({ duration: TOAST_SECONDS, maxCount: TOAST_MAX_COUNT, top: 72 });

    toast.error('五');
    await settle();
    expect(calls.at(-1)).toBe('error:五');
    expect(message.config).toHaveBeenCalledTimes(1);
  });
});
