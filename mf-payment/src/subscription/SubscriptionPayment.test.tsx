import {
  ApiError,
  AppProviders,
  api,
  clearSession,
  getSession,
  MSG,
  PAYMENT_POLL_MS,
  setSession,
  updateSessionUser,
  type PayStatusReply,
  type ServiceListReply,
  type ServiceOrder,
  type SessionUser,
} from '@qianyan/shared';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser, pendingOrder } from './browser';
import { SubscriptionPanel } from './SubscriptionPanel';

const plan = (id: number, type: 1 | 2 | 3 | 4, title: string, price: string) => ({
  id,
  type,
  title,
  price,
  price_fen: Math.round(Number(price) * 100),
  pc_img: '',
  mobile_img: '',
  member_equity_id: '1',
  intro: '',
});

const serviceList: ServiceListReply = {
  result: 1,
  msg: 'success',
  servicelsit: [plan(1, 1, '月度会员', '35.00'), plan(2, 2, '年度会员', '300.00'), plan(3, 3, '连续包月', '25.00')],
  equitylist: [{ id: 1, icon: '', title: '全文阅读', infos: '不限篇数阅读全文' }],
};

function user(serviceType: SessionUser['subscribe_info']['service_type']): SessionUser {
  return {
    id: 9,
    membername: 'reader',
    truename: '',
    identity: '',
    roleid: 0,
    avatar: '',
    subscribe_info: { service_type: serviceType, service_end_date: serviceType ? '2099-01-01T00:00:00Z' : null },
    ifNeedUpdate: 0,
  };
}

const order = (id: number, ordersn: string): ServiceOrder => ({
  id,
  ordersn,
  ordertime: '2026-11-20 10:00:00',
  service_id: 1,
  service_type: 1,
  service_title: '月度会员',
  price: '35.00',
  price_fen: 3500,
  service_pc_img: '',
  service_mobile_img: '',
  status: 0,
  status_text: '待支付',
  pay_channel: '',
  paytime: '',
  period_start: '',
  period_end: '',
  is_renewal: 0,
});

const unpaid = () => new ApiError(0, '订单未支付', { result: 0, msg: '订单未支付', status: 0 } satisfies PayStatusReply);
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const WECHAT_UA = `${IPHONE_UA} MicroMessenger/8.0.50`;

function renderPanel() {
  return render(
    <AppProviders>
      <SubscriptionPanel />
    </AppProviders>,
  );
}

// antd is slow under jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60000);

/**
 * Lets pending effects start their timers (React's scheduler runs on timers too, so a few fake
 * milliseconds first), then moves the clock by `n` poll periods.
 */
async function waitPoll(n = 1) {
  await act(async () => {
    jest.advanceTimersByTime(50);
  });
  await act(async () => {
    jest.advanceTimersByTime(PAYMENT_POLL_MS * n);
  });
}

let assign: jest.SpyInstance;
beforeEach(() => {
  setSession('t', user(0));
  pendingOrder.clear();
  jest.spyOn(api.program, 'getServiceList').mockResolvedValue(serviceList);
  jest.spyOn(api.program, 'getsubscribeQaList').mockResolvedValue({
    result: 1,
    msg: '',
    qa_lsit: [{ id: 1, title: '如何取消自动续费？', content: '在个人中心取消。' }],
    xieyi: { title: '会员服务协议', content: '<p>协议正文</p><img alt="章" src="x.png" onerror="window.hacked=1"><script>window.hacked=2</script>' },
  });
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(async () => {
  // Unmount (stops polling), then let React's scheduler finish its fake-timer message before the
  // real timers come back, or it would wait for that message forever.
  cleanup();
  if (jest.isMockFunction(setTimeout) || 'clock' in setTimeout) {
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
  }
  jest.useRealTimers();
  jest.restoreAllMocks();
  clearSession();
});

describe('我的订单', () => {
  it('lists the orders 10 a page by default and switches to 3', async () => {
    const list = jest.spyOn(api.program, 'getServiceOrderList').mockImplementation(async ({ page, per_page }) => ({
      result: 1,
      msg: '',
      items: Array.from({ length: per_page }, (_, i) => order(i + 1, `QY${page}${i}`)),
      total_count: 12,
      page,
      per_page,
    }));
    renderPanel();
    const header = await screen.findByRole('button', { name: /我的订单/ });
    expect(list).not.toHaveBeenCalled();
    await userEvent.click(header);
    expect(await screen.findByText('订单号：QY10')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ page: 1, per_page: 10 }, { silent: true });
    expect(screen.getAllByRole('button', { name: /^删除 QY/ })).toHaveLength(10);
    await userEvent.click(screen.getByRole('combobox', { name: '每页10条' }));
    await userEvent.click(await screen.findByTitle('每页3条'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^删除 QY/ })).toHaveLength(3));
    expect(list).toHaveBeenLastCalledWith({ page: 1, per_page: 3 }, { silent: true });
  });

  it('deletes after confirmation, reports a cancelled delete and the server message for a missing order', async () => {
    let items = [order(1, 'QYA'), order(2, 'QYB')];
    jest.spyOn(api.program, 'getServiceOrderList').mockImplementation(async () => ({
      result: 1,
      msg: '',
      items,
      total_count: items.length,
      page: 1,
      per_page: 10,
    }));
    const del = jest.spyOn(api.program, 'deleteServiceOrder').mockImplementation(async (id) => {
      if (id === 2) throw new ApiError(0, MSG.orderIdMissing, { result: 0, msg: MSG.orderIdMissing });
      items = items.filter((o) => o.id !== id);
      return { result: 1, msg: MSG.deleteSuccess };
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: /我的订单/ }));

    await userEvent.click(await screen.findByRole('button', { name: '删除 QYA' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getAllByRole('button').find((b) => /取\s?消/.test(b.textContent ?? ''))!);
    expect(await screen.findByText(MSG.deleteCancelled)).toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '删除 QYA' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText(MSG.deleteSuccess)).toBeInTheDocument();
    expect(del).toHaveBeenCalledWith(1, { silent: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: '删除 QYA' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: '删除 QYB' }));
    const dialog2 = (await screen.findAllByRole('dialog')).at(-1)!;
    await userEvent.click(within(dialog2).getByRole('button', { name: '删除' }));
    expect(await screen.findByText(MSG.orderIdMissing)).toBeInTheDocument();
  });
});

describe('buying', () => {
  it('desktop: shows the WeChat QR with the local cashier link, polls every 5 s and on 支付成功 refreshes the membership and leaves', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    jest.spyOn(api.pay, 'index').mockResolvedValue({
      result: 1,
      msg: '',
      paycode: 'data:image/png;base64,AAAA',
      code_url: 'http://localhost:8080/sandbox/cashier/QY123',
      ordersn: 'QY123',
    });
    const poll = jest
      .spyOn(api.pay, 'notifypay')
      .mockRejectedValueOnce(unpaid())
      .mockResolvedValueOnce({ result: 1, msg: MSG.paySuccess, status: 1 });
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(user(1));
    renderPanel();
    await ue.click(await screen.findByRole('radio', { name: /月度会员/ }));
    await ue.click(screen.getByRole('button', { name: '立即开通' }));
    expect(await screen.findByRole('img', { name: '微信支付支付二维码' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByRole('link', { name: '在本机打开收银台' })).toHaveAttribute('href', 'http://localhost:8080/sandbox/cashier/QY123');
    expect(api.pay.index).toHaveBeenCalledWith(1, { silent: true });
    expect(screen.getByText('支付宝')).toBeInTheDocument();

    expect(poll).not.toHaveBeenCalled();
    await waitPoll();
    expect(poll).toHaveBeenCalledTimes(1);
    expect(poll).toHaveBeenCalledWith('QY123', { silent: true });
    expect(assign).not.toHaveBeenCalled();
    await waitPoll();
    expect(poll).toHaveBeenCalledTimes(2);
    expect(await screen.findByText(MSG.paySuccess)).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/personal?type=flag1'));
    expect(getSession()?.user.subscribe_info.service_type).toBe(1);
  });

  it('desktop Alipay: encodes the QR page, polls the record and asks whether payment completed once scanned', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    jest.spyOn(api.pay, 'index').mockResolvedValue({ result: 1, msg: '', paycode: 'data:image/png;base64,AAAA', code_url: 'weixin://x', ordersn: 'QYW' });
    jest.spyOn(api.pay, 'notifypay').mockRejectedValue(unpaid());
    jest.spyOn(api.qrcode, 'createInfo').mockResolvedValue({ result: 1, msg: '', id: 7, token: 'tok', url: '/qrcode-member-ali-pay/7/tok' });
    const info = jest
      .spyOn(api.qrcode, 'getInfo')
      .mockResolvedValueOnce({ result: 1, msg: '', data: { id: 7, status: '0', result_data: '{"service_id":1}', ordersn: '' } })
      .mockResolvedValue({ result: 1, msg: '', data: { id: 7, status: '1', result_data: '{"service_id":1}', ordersn: 'QYALI' } });
    renderPanel();
    await ue.click(await screen.findByRole('radio', { name: /月度会员/ }));
    await ue.click(screen.getByRole('button', { name: '立即开通' }));
    await screen.findByRole('img', { name: '微信支付支付二维码' });
    await ue.click(screen.getByText('支付宝'));
    const img = await screen.findByRole('img', { name: '支付宝支付二维码' });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: '在本机打开收银台' })).toHaveAttribute('href', 'http://localhost/qrcode-member-ali-pay/7/tok');

    await waitPoll();
    expect(info).toHaveBeenCalledWith(7, undefined, { silent: true });
    expect(screen.queryByText('是否已完成支付？')).not.toBeInTheDocument();
    await waitPoll();
    expect(info).toHaveBeenCalledTimes(2);
    expect((await screen.findAllByText('是否已完成支付？')).length).toBeGreaterThan(0);
    (api.pay.notifypay as jest.Mock).mockResolvedValue({ result: 1, msg: MSG.paySuccess, status: 1 });
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(user(1));
    await ue.click(await screen.findByRole('button', { name: '已完成支付' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/personal?type=flag1'));
    expect(api.pay.notifypay).toHaveBeenCalledWith('QYALI', { silent: true });
  });

  it('closing the QR before paying says 您取消的支付 and stops polling', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    jest.spyOn(api.pay, 'index').mockResolvedValue({ result: 1, msg: '', paycode: 'data:image/png;base64,AAAA', code_url: 'weixin://x', ordersn: 'QYX' });
    const poll = jest.spyOn(api.pay, 'notifypay').mockRejectedValue(unpaid());
    renderPanel();
    await ue.click(await screen.findByRole('radio', { name: /月度会员/ }));
    await ue.click(screen.getByRole('button', { name: '立即开通' }));
    await screen.findByRole('img', { name: '微信支付支付二维码' });
    await ue.click(screen.getByRole('button', { name: /close|关闭/i }));
    expect(await screen.findByText(MSG.payCancelled)).toBeInTheDocument();
    await waitPoll(3);
    expect(poll).not.toHaveBeenCalled();
  });

  it('mobile: offers a method choice; WeChat Pay goes to h5_url, Alipay submits the wap form', async () => {
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
    jest.spyOn(api.pay, 'h5index').mockResolvedValue({ result: 1, msg: '', h5_url: 'https://pay.example/h5', ordersn: 'QYH5' });
    const submit = jest.spyOn(browser, 'submitForm').mockReturnValue(true);
    const wap = jest.spyOn(api.alipay, 'memberOrderWapPay').mockResolvedValue({ result: 1, msg: '', form: '<form action="/x"></form>', ordersn: 'QYWAP' });
    const sign = jest.spyOn(api.alipay, 'memberOrderSignPay').mockResolvedValue({ result: 1, msg: '', form: '<form action="/s"></form>', ordersn: 'QYSIGN' });
    renderPanel();
    await userEvent.click(await screen.findByRole('radio', { name: /月度会员/ }));
    await userEvent.click(screen.getByRole('button', { name: '立即开通' }));
    const dialog = await screen.findByRole('dialog', { name: '选择支付方式' });
    await userEvent.click(within(dialog).getByRole('button', { name: /微信支付/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/h5'));
    expect(pendingOrder.get()).toBe('QYH5');

    await userEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await userEvent.click(screen.getByRole('button', { name: '立即开通' }));
    const again = await screen.findByRole('dialog', { name: '选择支付方式' });
    await userEvent.click(within(again).getByRole('button', { name: /支付宝/ }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith('<form action="/x"></form>'));
    expect(wap).toHaveBeenCalledWith({ service_id: 1, return_url: '/personal?type=flag4' }, { silent: true });

    await userEvent.click(within(again).getByRole('button', { name: /close|关闭/i }));
    await userEvent.click(screen.getByRole('radio', { name: /连续包月/ }));
    await userEvent.click(screen.getByRole('button', { name: '立即开通' }));
    const dialog2 = await screen.findByRole('dialog', { name: '选择支付方式' });
    await userEvent.click(within(dialog2).getByRole('button', { name: /支付宝/ }));
    await waitFor(() => expect(sign).toHaveBeenCalledWith({ service_id: 3, return_url: '/personal?type=flag4' }, { silent: true }));
  });

  it('inside WeChat only WeChat Pay is offered and continuous plans are hidden', async () => {
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    renderPanel();
    await screen.findByRole('radiogroup');
    expect(screen.queryByRole('radio', { name: /连续包月/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '立即开通' }));
    const dialog = await screen.findByRole('dialog', { name: '选择支付方式' });
    expect(within(dialog).getByRole('button', { name: /微信支付/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /支付宝/ })).not.toBeInTheDocument();
  });

  it('back from a phone cashier: asks whether payment completed; checks the order, or says 您取消的支付', async () => {
    pendingOrder.set('QYBACK');
    const notify = jest.spyOn(api.pay, 'notifypay').mockRejectedValue(unpaid());
    renderPanel();
    const ask = await screen.findByRole('dialog', { name: '是否已完成支付？' });
    await userEvent.click(within(ask).getByRole('button', { name: '已完成支付' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('QYBACK', { silent: true }));
    expect(await screen.findByText(MSG.payFailed)).toBeInTheDocument();
    expect(pendingOrder.get()).toBeNull();
    cleanup();

    pendingOrder.set('QYBACK2');
    renderPanel();
    const again = await screen.findByRole('dialog', { name: '是否已完成支付？' });
    await userEvent.click(within(again).getByRole('button', { name: '还未完成' }));
    expect(await screen.findByText(MSG.payCancelled)).toBeInTheDocument();
    expect(pendingOrder.get()).toBeNull();
    cleanup();

    pendingOrder.set('QYBACK3');
    notify.mockResolvedValue({ result: 1, msg: '', status: 1 });
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(user(1));
    renderPanel();
    const paid = await screen.findByRole('dialog', { name: '是否已完成支付？' });
    await userEvent.click(within(paid).getByRole('button', { name: '已完成支付' }));
    expect(await screen.findByText(MSG.paySuccess)).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/personal?type=flag1'));
  });

  describe('JSAPI pay inside WeChat', () => {
    const jsapiReply = {
      result: 1,
      msg: '',
      ordersn: 'QYJS',
      appId: 'wxapp',
      timestamp: '1700000000',
      nonceStr: 'n',
      package: 'prepay_id=p',
      signType: 'RSA' as const,
      paySign: 'sig',
    };
    let invoke: jest.Mock;
    beforeEach(() => {
      jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
      window.sessionStorage.clear();
      window.history.replaceState(null, '', '/personal?type=flag4');
      invoke = jest.fn();
      window.WeixinJSBridge = { invoke };
    });
    afterEach(() => {
      delete window.WeixinJSBridge;
      window.history.replaceState(null, '', '/');
    });

    async function payWithWechat() {
      renderPanel();
      await userEvent.click(await screen.findByRole('radio', { name: /月度会员/ }));
      await userEvent.click(screen.getByRole('button', { name: '立即开通' }));
      const dialog = await screen.findByRole('dialog', { name: '选择支付方式' });
      await userEvent.click(within(dialog).getByRole('button', { name: /微信支付/ }));
    }

    it('first fetches the openid: off to the official account, back to this page with the plan', async () => {
      const authorize = jest.spyOn(api.wechat, 'authorizeUrl').mockResolvedValue({ url: 'https://open.example/authorize', state: 's' });
      const order = jest.spyOn(api.pay, 'orderJsApiPay');
      await payWithWechat();
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://open.example/authorize'));
      expect(authorize).toHaveBeenCalledWith({ iswx: 1, back: '/personal?type=flag4&wxpay=1' }, { silent: true });
      expect(order).not.toHaveBeenCalled();
    });

    it('back with the code: exchanges it, pays through the bridge and checks the order before 支付成功', async () => {
      window.history.replaceState(null, '', '/personal?type=flag4&wxpay=1&code=CODE&state=s');
      jest.spyOn(api.pay, 'getOpenId').mockResolvedValue({ result: 1, msg: '', openid: 'OPENID', unionid: '' });
      const order = jest.spyOn(api.pay, 'orderJsApiPay').mockResolvedValue(jsapiReply);
      invoke.mockImplementation((_name, _params, done) => done({ err_msg: 'get_brand_wcpay_request:ok' }));
      const notify = jest.spyOn(api.pay, 'notifypay').mockResolvedValue({ result: 1, msg: '', status: 1 });
      jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(user(1));
      jest.useFakeTimers({ advanceTimers: true });
      renderPanel();
      await waitFor(() => expect(order).toHaveBeenCalledWith({ openid: 'OPENID', service_id: 1 }, { silent: true }));
      expect(window.location.search).toBe('?type=flag4');
      expect(invoke).toHaveBeenCalledWith(
        'getBrandWCPayRequest',
        { appId: 'wxapp', timeStamp: '1700000000', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA', paySign: 'sig' },
        expect.any(Function),
      );
      expect(assign).not.toHaveBeenCalled();
      await waitPoll();
      await waitFor(() => expect(notify).toHaveBeenCalledWith('QYJS', { silent: true }));
      expect(await screen.findByText(MSG.paySuccess)).toBeInTheDocument();
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/personal?type=flag1'));
    });

    it('a cancel in WeChat says 您取消的支付, a failure 支付失败, a bad code 获取openId失败', async () => {
      window.sessionStorage.setItem('qy-wx-openid', 'OPENID');
      jest.spyOn(api.pay, 'orderJsApiPay').mockResolvedValue(jsapiReply);
      invoke.mockImplementationOnce((_name, _params, done) => done({ err_msg: 'get_brand_wcpay_request:cancel' }));
      await payWithWechat();
      expect(await screen.findByText(MSG.payCancelled)).toBeInTheDocument();
      expect(pendingOrder.get()).toBeNull();

      invoke.mockImplementationOnce((_name, _params, done) => done({ err_msg: 'get_brand_wcpay_request:fail' }));
      await userEvent.click(screen.getByRole('button', { name: '立即开通' }));
      await userEvent.click(within(await screen.findByRole('dialog', { name: '选择支付方式' })).getByRole('button', { name: /微信支付/ }));
      expect(await screen.findByText(MSG.payFailed)).toBeInTheDocument();

      cleanup();
      window.sessionStorage.clear();
      window.history.replaceState(null, '', '/personal?type=flag4&wxpay=1&code=USED&state=s');
      jest.spyOn(api.pay, 'getOpenId').mockRejectedValue(new ApiError(0, MSG.openIdFailed, { result: 0, msg: MSG.openIdFailed }));
      renderPanel();
      expect(await screen.findByText(MSG.openIdFailed)).toBeInTheDocument();
    });
  });

  it('yearly plans ask for the shipping address first, every field required, prefilled from the saved one', async () => {
    jest.spyOn(api.region, 'getTree').mockResolvedValue([
      { code: '110000', name: '北京市', children: [{ code: '110100', name: '北京市', children: [{ code: '110101', name: '东城区' }] }] },
    ]);
    jest.spyOn(api.program, 'getMyAddress').mockResolvedValue({ result: 1, msg: '', item: null });
    const save = jest.spyOn(api.program, 'addOrModifyAddress').mockImplementation(async (body) => ({ result: 1, msg: '保存成功', item: body }));
    const payIndex = jest.spyOn(api.pay, 'index').mockResolvedValue({ result: 1, msg: '', paycode: 'data:image/png;base64,AAAA', code_url: 'weixin://x', ordersn: 'QYY' });
    jest.spyOn(api.pay, 'notifypay').mockRejectedValue(unpaid());
    renderPanel();
    await userEvent.click(await screen.findByRole('radio', { name: /年度会员/ }));
    await userEvent.click(screen.getByRole('button', { name: '立即开通' }));
    const dialog = await screen.findByRole('dialog', { name: '填写收货地址' });
    await within(dialog).findByLabelText('收货人');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存并继续' }));
    expect(await within(dialog).findByText('请输入收货人')).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.mobileRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('请选择省、市、区', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(within(dialog).getByText('请输入详细地址')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    expect(payIndex).not.toHaveBeenCalled();
  });

  it('saves the address and then shows the payment QR', async () => {
    jest.spyOn(api.region, 'getTree').mockResolvedValue([
      { code: '110000', name: '北京市', children: [{ code: '110100', name: '北京市', children: [{ code: '110101', name: '东城区' }] }] },
    ]);
    const saved = {
      pro_id: 110000, city_id: 110100, area_id: 110101, pro_name: '北京市', city_name: '北京市', area_name: '东城区',
      sh_name: '张三', sh_phone: '13800000001', sh_address: '东华门大街1号',
    };
    jest.spyOn(api.program, 'getMyAddress').mockResolvedValue({ result: 1, msg: '', item: saved });
    const save = jest.spyOn(api.program, 'addOrModifyAddress').mockImplementation(async (body) => ({ result: 1, msg: '保存成功', item: body }));
    jest.spyOn(api.pay, 'index').mockResolvedValue({ result: 1, msg: '', paycode: 'data:image/png;base64,AAAA', code_url: 'weixin://x', ordersn: 'QYY' });
    jest.spyOn(api.pay, 'notifypay').mockRejectedValue(unpaid());
    renderPanel();
    await userEvent.click(await screen.findByRole('radio', { name: /年度会员/ }));
    await userEvent.click(screen.getByRole('button', { name: '立即开通' }));
    const dialog = await screen.findByRole('dialog', { name: '填写收货地址' });
    await waitFor(() => expect(within(dialog).getByLabelText('收货人')).toHaveValue('张三'));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存并继续' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(saved, { silent: true }));
    expect(await screen.findByRole('img', { name: '微信支付支付二维码' })).toBeInTheDocument();
    expect(api.pay.index).toHaveBeenCalledWith(2, { silent: true });
  });

  it('refuses a continuous member: 立即开通 is disabled with the reason and no order is made', async () => {
    setSession('t', user(3));
    const payIndex = jest.spyOn(api.pay, 'index');
    renderPanel();
    const buy = await screen.findByRole('button', { name: '立即开通' });
    expect(buy).toBeDisabled();
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes(MSG.continuousMonthlyNoNeed))).toBe(true);
    expect(buy).toHaveAccessibleDescription(MSG.continuousMonthlyNoNeed);
    await userEvent.click(buy).catch(() => undefined);
    expect(payIndex).not.toHaveBeenCalled();
  });

  it('desktop 连续包年 by the Alipay QR: the poll says paid after the session already says continuous, and only 支付成功 shows', async () => {
    jest.useFakeTimers();
    const ue = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    jest.spyOn(api.program, 'getServiceList').mockResolvedValue({ ...serviceList, servicelsit: [...serviceList.servicelsit, plan(4, 4, '连续包年', '200.00')] });
    jest.spyOn(api.qrcode, 'createInfo').mockResolvedValue({ result: 1, msg: '', id: 8, token: 'tok', url: '/qrcode-member-ali-pay/8/tok' });
    jest.spyOn(api.qrcode, 'getInfo').mockResolvedValue({ result: 1, msg: '', data: { id: 8, status: '1', result_data: '{"service_id":4}', ordersn: 'QYY' } });
    const poll = jest.spyOn(api.pay, 'notifypay').mockRejectedValueOnce(unpaid()).mockResolvedValue({ result: 1, msg: MSG.paySuccess, status: 1 });
    const continuous: SessionUser = { ...user(4), subscribe_info: { service_type: 4, service_end_date: '2027-11-25T06:00:00Z', auto_renew: 1 } };
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(continuous);
    const notNeeded = () => screen.queryAllByText(MSG.continuousYearlyNoNeed, { exact: false });
    jest.spyOn(api.region, 'getTree').mockResolvedValue([
      { code: '110000', name: '北京市', children: [{ code: '110100', name: '北京市', children: [{ code: '110101', name: '东城区' }] }] },
    ]);
    const saved = {
      pro_id: 110000, city_id: 110100, area_id: 110101, pro_name: '北京市', city_name: '北京市', area_name: '东城区',
      sh_name: '张三', sh_phone: '13800000001', sh_address: '东华门大街1号',
    };
    jest.spyOn(api.program, 'getMyAddress').mockResolvedValue({ result: 1, msg: '', item: saved });
    jest.spyOn(api.program, 'addOrModifyAddress').mockImplementation(async (body) => ({ result: 1, msg: '保存成功', item: body }));
    renderPanel();
    await ue.click(await screen.findByRole('radio', { name: /连续包年/ }));
    await ue.click(screen.getByRole('button', { name: '立即开通' }));
    // A yearly plan: the gift's address first (saved before, so only confirmed).
    const address = await screen.findByRole('dialog', { name: '填写收货地址' });
    await waitFor(() => expect(within(address).getByLabelText('收货人')).toHaveValue('张三'));
    await ue.click(within(address).getByRole('button', { name: '保存并继续' }));
    await screen.findByRole('img', { name: '支付宝支付二维码' });
    expect(api.qrcode.createInfo).toHaveBeenCalledWith(4, { silent: true });

    // The phone (or the cashier's tab of this browser) paid and signed: the membership is active and
    // the shared session says so before this page's poll does.
    await waitPoll();
    act(() => updateSessionUser(continuous));
    expect(notNeeded()).toHaveLength(0);
    await waitPoll();
    expect(poll).toHaveBeenCalledTimes(1);
    expect(notNeeded()).toHaveLength(0);
    await waitPoll();
    expect(poll).toHaveBeenCalledTimes(2);
    expect((await screen.findAllByText(MSG.paySuccess)).length).toBeGreaterThan(0);
    expect(notNeeded()).toHaveLength(0);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/personal?type=flag1'));
    expect(notNeeded()).toHaveLength(0);
    expect(api.qrcode.createInfo).toHaveBeenCalledTimes(1);
  });

  it('shows the FAQ and the agreement', async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: /如何取消自动续费/ }));
    expect(await screen.findByText('在个人中心取消。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '《会员服务协议》' }));
    expect(await screen.findByText('协议正文')).toBeInTheDocument();
    // The agreement is editorial HTML: shown sanitised.
    expect(screen.getByRole('img', { name: '章' })).not.toHaveAttribute('onerror');
    expect(document.querySelector('.qy-sub__agreement-body script')).toBeNull();
  });
});

describe('自动续费', () => {
  const renewing = (autoRenew: 0 | 1): SessionUser => ({
    ...user(4),
    subscribePo: { serviceEndDate: '2027-05-01T06:00:00Z', serviceTitle: '连续包年' },
    subscribe_info: { service_type: 4, service_end_date: '2027-05-01T06:00:00Z', auto_renew: autoRenew },
  });

  it('a continuous member cancels after a confirmation naming the end date; the plan then shows as not renewing, also after a reload', async () => {
    setSession('t', renewing(1));
    let answer: (v: unknown) => void = () => undefined;
    const cancel = jest.spyOn(api.program, 'cancelAutoRenew').mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve as (v: unknown) => void;
        }),
    );
    const { unmount } = renderPanel();
    expect(await screen.findByText('连续包年：自动续费中，会员有效期至 2027-05-01，到期前一天自动扣款续费')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '立即开通' })).toBeDisabled();

    // 暂不取消 keeps it.
    await userEvent.click(screen.getByRole('button', { name: '取消自动续费' }));
    let dialog = await screen.findByRole('dialog', { name: '确定取消自动续费吗？' });
    expect(within(dialog).getByText('取消后将不再自动扣款，会员有效期至 2027-05-01，到期后不再续费。')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '暂不取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '确定取消自动续费吗？' })).not.toBeInTheDocument());
    expect(cancel).not.toHaveBeenCalled();

    // 确定取消, clicked twice while the server answers: one request.
    await userEvent.click(screen.getByRole('button', { name: '取消自动续费' }));
    dialog = await screen.findByRole('dialog', { name: '确定取消自动续费吗？' });
    const ok = within(dialog).getByRole('button', { name: '确定取消' });
    await userEvent.click(ok);
    await userEvent.click(ok).catch(() => undefined);
    expect(cancel).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer({ result: 1, msg: '已取消自动续费', auto_renew: 0, service_type: 4, service_end_date: '2027-05-01T06:00:00Z' });
    });
    expect(await screen.findByText('已取消自动续费，会员有效期至 2027-05-01')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '取消自动续费' })).not.toBeInTheDocument();
    expect(getSession()?.user.subscribe_info).toEqual({ service_type: 4, service_end_date: '2027-05-01T06:00:00Z', auto_renew: 0 });
    // No longer renewing: buying is allowed again (as on the server).
    expect(screen.getByRole('button', { name: '立即开通' })).toBeEnabled();

    // A reload: the state comes from the member's info.
    unmount();
    setSession('t', renewing(0));
    renderPanel();
    expect(await screen.findByText('已取消自动续费，会员有效期至 2027-05-01')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '取消自动续费' })).not.toBeInTheDocument();
  }, 120000);

  it('shows the server message when the cancel fails and keeps the plan renewing', async () => {
    setSession('t', renewing(1));
    jest.spyOn(api.program, 'cancelAutoRenew').mockRejectedValue(new ApiError(0, '支付服务暂时不可用，请稍后再试', { result: 0, msg: '支付服务暂时不可用，请稍后再试' }));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: '取消自动续费' }));
    const dialog = await screen.findByRole('dialog', { name: '确定取消自动续费吗？' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定取消' }));
    expect(await screen.findByText('支付服务暂时不可用，请稍后再试')).toBeInTheDocument();
    expect(screen.getByText(/自动续费中/)).toBeInTheDocument();
    expect(getSession()?.user.subscribe_info.auto_renew).toBe(1);
  });

  it('is not shown to a member on a plan that does not renew', async () => {
    setSession('t', user(2));
    renderPanel();
    await screen.findByRole('button', { name: '立即开通' });
    expect(screen.queryByRole('button', { name: '取消自动续费' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '自动续费' })).not.toBeInTheDocument();
  });
});
