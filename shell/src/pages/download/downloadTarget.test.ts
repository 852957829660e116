import { downloadTargetFor } from './downloadTarget';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/107.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

describe('download target by user agent', () => {
  it.each([
    ['an iPhone', UA.iphone],
    ['an iPad', UA.ipad],
    ['an iPod', UA.ipod],
  ])('sends %s to the App Store', (_name, ua) => {
    expect(downloadTargetFor(ua)).toBe('ios');
  });

  it('sends an iPadOS tablet that reports a Mac user agent to the App Store', () => {
    expect(downloadTargetFor(UA.mac, 5)).toBe('ios');
  });

  it.each([
    ['Android Chrome', UA.android],
    ['an Android in-app browser', UA.wechatAndroid],
  ])('sends %s to the Android package', (_name, ua) => {
    expect(downloadTargetFor(ua)).toBe('android');
  });

  it.each([
    ['a Mac', UA.mac],
    ['Windows', UA.windows],
    ['desktop Linux', UA.linux],
    ['an empty user agent', ''],
  ])('shows the page on %s', (_name, ua) => {
    expect(downloadTargetFor(ua)).toBe('desktop');
  });
});
