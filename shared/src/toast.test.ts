// Toasts are drawn without antd: top-centred cards, announced to screen readers, gone after
// TOAST_SECONDS, never more than TOAST_MAX_COUNT at once, in the order asked for.
import { TOAST_MAX_COUNT, TOAST_SECONDS } from './constants';
import { toast, TOAST_MOTION_MS, TOAST_TOP_PX } from './toast';

const texts = () => [...document.querySelectorAll('.qy-toast:not(.qy-toast--leave)')].map((el) => el.textContent);
const all = () => [...document.querySelectorAll<HTMLElement>('.qy-toast')];

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.runOnlyPendingTimers();
  jest.advanceTimersByTime(TOAST_MOTION_MS);
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('toast', () => {
  it('shows the text at once in a live region: status for news, alert for errors', () => {
    toast.success('保存成功');
    toast.error('用户名或密码错误');
    toast.warning('请先登录');
    const [success, error, warning] = all();
    expect(success).toHaveTextContent('保存成功');
    expect(success).toHaveAttribute('role', 'status');
    expect(error).toHaveAttribute('role', 'alert');
    expect(warning).toHaveAttribute('role', 'status');
    // A coloured icon per kind, hidden from assistive technology.
    expect(success.querySelector('svg')).toHaveAttribute('fill', '#52c41a');
    expect(error.querySelector('svg')).toHaveAttribute('fill', '#ff4d4f');
    expect(warning.querySelector('svg')).toHaveAttribute('fill', '#faad14');
    expect(success.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    toast.info('已复制');
    expect(all().at(-1)).toHaveAttribute('role', 'status');
    expect(all().at(-1)?.querySelector('svg')).toHaveAttribute('fill', '#1677ff');
  });

  it('sits in one top-centred container, styled once', () => {
    toast.info('一');
    toast.info('二');
    expect(document.querySelectorAll('.qy-toasts')).toHaveLength(1);
    expect(document.querySelectorAll('#qy-toast-style')).toHaveLength(1);
    expect(document.getElementById('qy-toast-style')?.textContent).toContain(`top:${TOAST_TOP_PX}px`);
    expect(TOAST_TOP_PX).toBe(72);
  });

  it('goes away after TOAST_SECONDS, with its leave motion', () => {
    toast.success('登录成功');
    jest.advanceTimersByTime(TOAST_SECONDS * 1000 - 1);
    expect(texts()).toEqual(['登录成功']);
    jest.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
    expect(all()).toHaveLength(1); // still leaving
    expect(all()[0]).toHaveClass('qy-toast--leave');
    jest.advanceTimersByTime(TOAST_MOTION_MS);
    expect(all()).toHaveLength(0);
  });

  it(`keeps at most ${TOAST_MAX_COUNT}, dropping the oldest, in the order asked for`, () => {
    expect(TOAST_MAX_COUNT).toBe(3);
    toast.info('一');
    jest.advanceTimersByTime(100);
    toast.error('二');
    toast.success('三');
    expect(texts()).toEqual(['一', '二', '三']);
    toast.warning('四');
    expect(texts()).toEqual(['二', '三', '四']);
    expect(all()).toHaveLength(3);
    // Each keeps its own clock: the first shown goes first.
    jest.advanceTimersByTime(TOAST_SECONDS * 1000 - 100);
    expect(texts()).toEqual(['二', '三', '四']);
    jest.advanceTimersByTime(100);
    expect(texts()).toEqual([]);
  });

  it('waits while the pointer rests on it', () => {
    toast.info('复制成功');
    const card = document.querySelector('.qy-toast__card')!;
    card.dispatchEvent(new MouseEvent('mouseenter'));
    jest.advanceTimersByTime(TOAST_SECONDS * 1000 * 2);
    expect(texts()).toEqual(['复制成功']);
    card.dispatchEvent(new MouseEvent('mouseleave'));
    jest.advanceTimersByTime(TOAST_SECONDS * 1000);
    expect(texts()).toEqual([]);
  });

  it('comes back after the page body was replaced', () => {
    toast.info('一');
    document.body.innerHTML = '';
    toast.info('二');
    expect(texts()).toEqual(['二']);
  });
});
