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

describe('the payment provider’s form', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });

  it('submits the form itself: no inline script of the reply is run or inserted', () => {
    const submitted: HTMLFormElement[] = [];
    jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    (window as unknown as { ran?: boolean }).ran = false;
    const ok = browser.submitForm(
      '<form id="alipaysubmit" name="alipaysubmit" action="https://openapi.alipay.com/gateway.do?charset=utf-8" method="POST">' +
        '<input type="hidden" name="biz_content" value="{&quot;out_trade_no&quot;:&quot;QY1&quot;}"/>' +
        '<input type="hidden" name="sign" value="a+b/c="/><input type="submit" value="ok" style="display:none;" onclick="window.ran=true"></form>' +
        '<img src="x" onerror="window.ran=true"><script>window.ran=true;document.forms[0].submit();</script>',
    );
    expect(ok).toBe(true);
    expect(submitted).toHaveLength(1);
    const form = submitted[0]!;
    expect(form.isConnected).toBe(true);
    expect(form.getAttribute('action')).toBe('https://openapi.alipay.com/gateway.do?charset=utf-8');
    expect(form.method).toBe('post');
    expect(Object.fromEntries(new FormData(form))).toEqual({ biz_content: '{"out_trade_no":"QY1"}', sign: 'a+b/c=' });
    expect(document.querySelectorAll('script, img, [onclick]')).toHaveLength(0);
    expect((window as unknown as { ran?: boolean }).ran).toBe(false);
  });

  it('the sandbox’s GET form keeps its method and field', () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const ok = browser.submitForm(
      '<form name="sandboxPaySubmit" method="get" action="http://localhost:8080/dev/cashier/QY2"><input type="hidden" name="method" value="page"/></form><script>document.forms["sandboxPaySubmit"].submit();</script>',
    );
    expect(ok).toBe(true);
    expect(submit).toHaveBeenCalledTimes(1);
    const form = document.querySelector('form')!;
    expect(form.method).toBe('get');
    expect(form.action).toBe('http://localhost:8080/dev/cashier/QY2');
    expect(Object.fromEntries(new FormData(form))).toEqual({ method: 'page' });
  });

  it('refuses a reply without a form', () => {
    expect(browser.submitForm('<p>系统繁忙</p>')).toBe(false);
    expect(document.querySelector('form')).toBeNull();
  });
});
