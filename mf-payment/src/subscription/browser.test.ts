import { browser, pendingOrder } from './browser';

function setReferrer(url: string) {
  Object.defineProperty(document, 'referrer', { value: url, configurable: true });
}

describe('where a paid member goes', () => {
  afterEach(() => {
    pendingOrder.clear();
    setReferrer('');
    window.history.replaceState(null, '', '/');
  });

  it('?redirect= first, then the same-site referrer, never a foreign site or the personal centre', () => {
    window.history.replaceState(null, '', '/personal?type=flag4&redirect=%2Fcourse-video%3Fid%3D3');
    expect(browser.returnTarget()).toBe('/course-video?id=3');
    window.history.replaceState(null, '', '/personal?type=flag4&redirect=https%3A%2F%2Fevil.example');
    setReferrer(`${window.location.origin}/article-info?permalinks=QY1`);
    expect(browser.returnTarget()).toBe('/article-info?permalinks=QY1');
    for (const ref of ['https://evil.example/x', `${window.location.origin}/personal?type=flag2`, `${window.location.origin}/dev/cashier/QY1/pay`]) {
      setReferrer(ref);
      expect(browser.returnTarget()).toBe('/personal?type=flag1');
    }
  });

  it('a phone payment keeps where the member was: back from the cashier (now the referrer) it still goes there', () => {
    window.history.replaceState(null, '', '/personal?type=flag4');
    setReferrer(`${window.location.origin}/article-info?permalinks=QY2`);
    pendingOrder.set('QYP');
    setReferrer(`${window.location.origin}/dev/cashier/QYP_x/pay`);
    expect(browser.returnTarget()).toBe('/article-info?permalinks=QY2');
    pendingOrder.clear();
    expect(browser.returnTarget()).toBe('/personal?type=flag1');
  });
});
