import { loadWithRetry, REMOTE_LOADING_TEXT, RemoteTimeoutError, showRemoteLoading, singleFlight, withTimeout } from './loading';

const fast = { attemptMs: 50, backoffMs: 5 };
const never = () => new Promise<never>(() => {});

describe('loading a remote', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('gives up on an attempt that does not answer in time', async () => {
    await expect(withTimeout(never(), 20, 'mf_courses/app')).rejects.toBeInstanceOf(RemoteTimeoutError);
    await expect(withTimeout(Promise.resolve(7), 20, 'x')).resolves.toBe(7);
  });

  it('returns the first attempt when it works, without a retry', async () => {
    const beforeRetry = jest.fn(async () => {});
    await expect(loadWithRetry('a/app', async () => 'mod', beforeRetry, fast)).resolves.toBe('mod');
    expect(beforeRetry).not.toHaveBeenCalled();
  });

  it('retries once, after re-registering, when the first attempt fails, hangs or yields the stand-in', async () => {
    for (const first of [() => Promise.reject(new Error('404')), never, async () => 'fallback']) {
      const calls: string[] = [];
      const attempt = jest.fn().mockImplementationOnce(first).mockImplementationOnce(async () => 'mod');
      const result = await loadWithRetry(
        'a/app',
        () => {
          calls.push('attempt');
          return attempt();
        },
        async () => {
          calls.push('re-register');
        },
        fast,
        (r) => r === 'fallback',
      );
      expect(result).toBe('mod');
      expect(calls).toEqual(['attempt', 're-register', 'attempt']);
    }
  });

  it('makes no third attempt: the second failure is final', async () => {
    const attempt = jest.fn(() => Promise.reject(new Error('down')));
    await expect(loadWithRetry('a/app', attempt, async () => {}, fast)).rejects.toThrow('down');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('shares one load between the callers that ask for a module while it is loading', async () => {
    let release!: (v: string) => void;
    const load = jest.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const get = singleFlight(load);
    const both = Promise.all([get('mf_payment/SubscriptionPanel'), get('mf_payment/SubscriptionPanel')]);
    release('panel');
    await expect(both).resolves.toEqual(['panel', 'panel']);
    expect(load).toHaveBeenCalledTimes(1);
    load.mockImplementation(() => Promise.resolve('again'));
    await expect(get('mf_payment/SubscriptionPanel')).resolves.toBe('again');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows a loading line in an empty page area until told to go, and leaves a drawn one alone', () => {
    const main = document.createElement('main');
    const hide = showRemoteLoading(main);
    expect(main.querySelector('[role="status"]')?.textContent).toBe(REMOTE_LOADING_TEXT);
    hide();
    expect(main.childElementCount).toBe(0);
    const preview = document.createElement('section');
    main.appendChild(preview);
    showRemoteLoading(main)();
    expect(main.children).toHaveLength(1);
    expect(main.firstElementChild).toBe(preview);
  });
});
