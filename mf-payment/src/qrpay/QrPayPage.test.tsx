import { api, ApiError, MSG, StoreProvider } from '@qianyan/shared';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PaymentRoutes } from '../App';
import { browser } from '../subscription/browser';

configure({ asyncUtilTimeout: 8000 });

const plan = (type: 1 | 2 | 3 | 4) => ({
  result: 1,
  msg: '',
  data: { id: type, type, title: 'p', price: '35.00', price_fen: 3500, pc_img: '', mobile_img: '', member_equity_id: '1', intro: '' },
});
const qrInfo = (status: '0' | '1' | '2' | '3', resultData = '{"service_id":1}') => ({
  result: 1,
  msg: '',
  data: { id: 12, status, result_data: resultData, ordersn: '' },
});

function renderAt(path: string) {
  return render(
    <StoreProvider>
      <MemoryRouter initialEntries={[path]}>
        <PaymentRoutes />
      </MemoryRouter>
    </StoreProvider>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('/qrcode-member-ali-pay/:qrcode_id/:token', () => {
  it('marks a new QR scanned and submits the Alipay wap form with the QR token', async () => {
    const getInfo = jest.spyOn(api.qrcode, 'getInfo').mockResolvedValue(qrInfo('0'));
    const update = jest.spyOn(api.qrcode, 'updateStatus').mockResolvedValue({ result: 1, msg: '' });
    jest.spyOn(api.program, 'getServiceInfo').mockResolvedValue(plan(1));
    const wap = jest.spyOn(api.alipay, 'memberOrderWapPay').mockResolvedValue({ result: 1, msg: '', form: '<form id="ali" action="https://cashier.example/pay" method="post"><input name="a" value="1"></form><script>document.forms[0].submit()</script>', ordersn: 'QY1' });
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    renderAt('/qrcode-member-ali-pay/12/abc');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(getInfo).toHaveBeenCalledWith(12, 'abc', { silent: true });
    expect(update).toHaveBeenCalledWith(12, 'abc', { silent: true });
    expect(wap).toHaveBeenCalledWith({ service_id: 1, qrcode_id: 12, token: 'abc' }, { silent: true });
    const form = document.querySelector('form#ali') as HTMLFormElement;
    expect(form.action).toBe('https://cashier.example/pay');
    expect(submit.mock.contexts[0]).toBe(form);
    expect(document.querySelector('.qy-pay-form script')).toBeNull();
    expect(screen.queryByText(MSG.invalidPaymentQr)).not.toBeInTheDocument();
    expect(document.title).toBe('会员支付 - 千言医学');
  });

  it('uses sign pay for a continuous plan', async () => {
    jest.spyOn(api.qrcode, 'getInfo').mockResolvedValue(qrInfo('0', '{"service_id":3}'));
    jest.spyOn(api.qrcode, 'updateStatus').mockResolvedValue({ result: 1, msg: '' });
    jest.spyOn(api.program, 'getServiceInfo').mockResolvedValue(plan(3));
    const submit = jest.spyOn(browser, 'submitForm').mockReturnValue(true);
    const sign = jest.spyOn(api.alipay, 'memberOrderSignPay').mockResolvedValue({ result: 1, msg: '', form: '<form></form>', ordersn: 'QY3' });
    renderAt('/qrcode-member-ali-pay/12/abc');
    await waitFor(() => expect(submit).toHaveBeenCalledWith('<form></form>'));
    expect(sign).toHaveBeenCalledWith({ service_id: 3, qrcode_id: 12, token: 'abc' }, { silent: true });
  });

  it.each([
    ['already scanned', () => Promise.resolve(qrInfo('1'))],
    ['expired', () => Promise.resolve(qrInfo('3'))],
    ['bad data', () => Promise.resolve(qrInfo('0', 'not json'))],
    ['unknown or bad token', () => Promise.reject(new ApiError(0, '二维码不存在'))],
  ])('says the QR is invalid when %s, and pays nothing', async (_label, reply) => {
    jest.spyOn(api.qrcode, 'getInfo').mockImplementation(reply as never);
    const update = jest.spyOn(api.qrcode, 'updateStatus');
    const wap = jest.spyOn(api.alipay, 'memberOrderWapPay');
    renderAt('/qrcode-member-ali-pay/12/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidPaymentQr);
    expect(update).not.toHaveBeenCalled();
    expect(wap).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: '查看会员方案' })).toHaveAttribute('href', '/personal?type=flag4');
  });
});
