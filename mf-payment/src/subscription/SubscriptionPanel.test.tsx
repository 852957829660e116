import { ApiError, AppProviders, api, clearSession, MSG, setSession, type ServiceListReply, type SessionUser } from '@qianyan/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubscriptionPanel } from './SubscriptionPanel';

const serviceList: ServiceListReply = {
  result: 1,
  msg: 'success',
  servicelsit: [
    { id: 3, type: 3, title: '连续包月', price: '25.00', price_fen: 2500, pc_img: '', mobile_img: '', member_equity_id: '1,2,3,4', intro: '每月自动续费，可随时取消' },
    { id: 4, type: 4, title: '连续包年', price: '200.00', price_fen: 20000, pc_img: '', mobile_img: '', member_equity_id: '1,2,3,4,5', intro: '每年自动续费' },
    { id: 1, type: 1, title: '月度会员', price: '35.00', price_fen: 3500, pc_img: '', mobile_img: '', member_equity_id: '1,2,3,4', intro: '一次购买一个月' },
    { id: 2, type: 2, title: '年度会员', price: '300.00', price_fen: 30000, pc_img: '', mobile_img: '', member_equity_id: '1,2,3,4,5', intro: '一次购买一年' },
  ],
  equitylist: [
    { id: 1, icon: '/api/static/icons/equity-1.svg', title: '全文阅读', infos: '不限篇数阅读全文' },
    { id: 2, icon: '/api/static/icons/equity-2.svg', title: '专家述评', infos: '完整阅读述评' },
    { id: 5, icon: '/api/static/icons/equity-5.svg', title: '年度礼品', infos: '年度会员专享纪念礼品' },
  ],
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

const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.50';

function renderPanel() {
  return render(
    <AppProviders>
      <SubscriptionPanel />
    </AppProviders>,
  );
}

const benefit = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;

beforeEach(() => {
  setSession('t', user(0));
  jest.spyOn(api.program, 'getsubscribeQaList').mockResolvedValue({ result: 1, msg: '', qa_lsit: [], xieyi: { title: '', content: '' } });
});
afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

describe('SubscriptionPanel', () => {
  it('lists the plans as choices with their ¥ prices, the first one selected', async () => {
    jest.spyOn(api.program, 'getServiceList').mockResolvedValue(serviceList);
    renderPanel();
    const group = await screen.findByRole('radiogroup', { name: '会员方案' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(screen.getByRole('radio', { name: '连续包月 ¥25.00/月' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '连续包年 ¥200.00/年' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '月度会员 ¥35.00/月' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '年度会员 ¥300.00/年' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '连续包月 ¥25.00/月' })).toHaveAccessibleDescription(
      '每月自动续费，可随时取消 连续包月：每月到期自动续费',
    );
    expect(screen.getByRole('radio', { name: '连续包年 ¥200.00/年' })).toHaveAccessibleDescription(/每年到期自动续费/);
    expect(screen.getByRole('radio', { name: '月度会员 ¥35.00/月' })).toHaveAccessibleDescription('一次购买一个月');
  });

  it('locks the benefits the selected plan does not include, and unlocks them for a plan that does', async () => {
    jest.spyOn(api.program, 'getServiceList').mockResolvedValue(serviceList);
    renderPanel();
    await screen.findByRole('radiogroup');
    expect(within(benefit('年度礼品')).getByRole('img', { name: '所选方案不包含此权益' })).toBeInTheDocument();
    expect(within(benefit('全文阅读')).queryByRole('img', { name: '所选方案不包含此权益' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /年度会员/ }));
    expect(screen.getByRole('radio', { name: /年度会员/ })).toBeChecked();
    expect(screen.queryByRole('img', { name: '所选方案不包含此权益' })).not.toBeInTheDocument();
    expect(screen.getByText('已选：年度会员')).toBeInTheDocument();
  });

  it.each([
    [3, MSG.continuousMonthlyNoNeed],
    [4, MSG.continuousYearlyNoNeed],
  ] as const)('tells a member on service type %s that buying is not needed', async (type, text) => {
    setSession('t', user(type));
    jest.spyOn(api.program, 'getServiceList').mockResolvedValue(serviceList);
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    const buy = screen.getByRole('button', { name: '立即开通' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription(text);
  });

  it('hides the continuous plans in the WeChat in-app browser', async () => {
    jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    jest.spyOn(api.program, 'getServiceList').mockResolvedValue(serviceList);
    renderPanel();
    const radios = within(await screen.findByRole('radiogroup')).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(screen.queryByRole('radio', { name: /连续包/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /月度会员/ })).toBeChecked();
  });

  it('shows the server message with a retry when the plans cannot be loaded', async () => {
    const call = jest
      .spyOn(api.program, 'getServiceList')
      .mockRejectedValueOnce(new ApiError(-1, MSG.networkError))
      .mockResolvedValueOnce(serviceList);
    renderPanel();
    expect(await screen.findByText(MSG.networkError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByRole('radiogroup')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('says so when no plan is on offer', async () => {
    jest.spyOn(api.program, 'getServiceList').mockResolvedValue({ ...serviceList, servicelsit: [] });
    renderPanel();
    expect(await screen.findByText('暂无可开通的会员方案')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即开通' })).not.toBeInTheDocument();
  });
});
