import {
  api,
  clearSession,
  closeDialog,
  dialogAtom,
  getSession,
  loadRemoteModule,
  MSG,
  qyStore,
  setSession,
  toast,
} from '@qianyan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profile } from '../profile/testData';
import { goHomeAndReload, reloadPage } from './navigation';
import { member, renderAt } from './testing';

jest.mock('@qianyan/shared', () => ({
  ...jest.requireActual('@qianyan/shared'),
  loadRemoteModule: jest.fn(),
}));
jest.mock('./navigation', () => ({ goHomeAndReload: jest.fn(), reloadPage: jest.fn() }));

const loadRemote = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

jest.setTimeout(90_000);

/** The full profile of demo_member as getUserInfo answers it. */
const memberProfile = () =>
  profile({
    id: 2,
    membername: 'demo_member',
    truename: '周明远',
    identity: '医学生',
    roleid: 5,
    mobile: '13800000002',
    email: 'demo_member@example.com',
    hospital: '',
    division: '',
    joblevel: '',
    jobname: '',
    university: '北京大学医学部',
    majors: '临床医学',
    entranceYear: '2021',
    qualification: '本科',
    subscribe_info: { service_type: 2, service_end_date: '2099-05-01T00:00:00.000Z' },
    subscribePo: { serviceEndDate: '2099-05-01T00:00:00.000Z', serviceTitle: '年度会员' },
  });

beforeEach(() => {
  clearSession();
  closeDialog();
  loadRemote.mockReset();
  jest.spyOn(toast, 'warning').mockImplementation(() => {});
  jest.spyOn(api.user, 'getUserInfo').mockResolvedValue(memberProfile());
  jest.spyOn(api.user, 'selectMyFavArticle').mockResolvedValue({ results: [], page: { total: 0, pages: 0, pageNo: 1, pageSize: 20 } });
  jest.spyOn(api.user, 'selectMyReadArticle').mockResolvedValue({ results: [], page: { total: 0, pages: 0, pageNo: 1, pageSize: 20 } });
});
afterEach(() => jest.restoreAllMocks());

// antd spaces two-character button labels (重 试) in the shared ErrorState.
const RETRY = /^重\s?试$/;
/** Lets the member-info refresh resolve inside act. */
const settle = () => act(async () => {});
const location = () => screen.getByTestId('location').textContent;

describe('personal centre while logged out', () => {
  it('warns 请先登录 once and opens the login dialog', async () => {
    renderAt('/personal');
    expect(await screen.findByRole('heading', { level: 1, name: '个人中心' })).toBeInTheDocument();
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledWith(MSG.pleaseLogin);
    expect(qyStore.get(dialogAtom)).toEqual({ name: 'login' });
    expect(screen.getAllByText(MSG.pleaseLogin).length).toBeGreaterThan(0);
  });

  it('has a 登录 button that opens the login dialog again', async () => {
    renderAt('/personal?type=flag4');
    act(() => closeDialog());
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(qyStore.get(dialogAtom)).toEqual({ name: 'login' });
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('shows the personal centre as soon as the user logs in, without a reload', async () => {
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(member());
    renderAt('/personal');
    act(() => setSession('t-1', member()));
    // The first test here to load the centre's modules (antd's tabs) waits for them on a busy machine.
    expect(await screen.findByRole('tab', { name: '个人资料' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });
});

describe('profile (flag1)', () => {
  it('shows the fields of the profile and stores the refreshed member info in the session', async () => {
    setSession('t-1', member({ truename: '旧名字' }));
    const info = jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(member());
    renderAt('/personal');
    const tab = await screen.findByRole('tab', { name: '个人资料', selected: true });
    expect(tab).toBeInTheDocument();
    expect(info).toHaveBeenCalledTimes(1);
    const row = (label: string) => screen.getByText(label, { selector: 'th, th *, td, td *' }).closest('tr')!;
    await waitFor(() => expect(row('姓名')).toHaveTextContent('周明远'));
    expect(row('用户名')).toHaveTextContent('demo_member');
    expect(row('身份')).toHaveTextContent('医学生');
    expect(row('所在城市')).toHaveTextContent('北京市/市辖区/东城区');
    expect(row('学校')).toHaveTextContent('北京大学医学部');
    expect(row('专业')).toHaveTextContent('临床医学');
    expect(row('入学年份')).toHaveTextContent('2021');
    expect(row('学历')).toHaveTextContent('本科');
    expect(screen.queryByText('医院', { selector: 'th, th *' })).not.toBeInTheDocument();
    expect(row('手机')).toHaveTextContent('138****0002');
    expect(row('手机')).not.toHaveTextContent('13800000002');
    expect(row('邮箱')).toHaveTextContent('demo_member@example.com');
    expect(row('会员状态')).toHaveTextContent('会员（年度会员），到期时间 2099-05-01');
    expect(getSession()?.user.truename).toBe('周明远');
    const card = screen.getByRole('complementary', { name: '账户概览' });
    expect(await within(card).findByText('周明远')).toBeInTheDocument();
    expect(within(card).getByText('到期时间 2099-05-01')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /编辑/ })).toBeInTheDocument();
  });

  it('shows the identity 执业医师 and 普通用户 for a doctor without membership', async () => {
    const doctor = member({
      roleid: 1,
      identity: '执业医师',
      subscribe_info: { service_type: 0, service_end_date: null },
      subscribePo: { serviceEndDate: null },
    });
    setSession('t-1', doctor);
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(doctor);
    renderAt('/personal');
    await settle();
    const card = screen.getByRole('complementary', { name: '账户概览' });
    expect(within(card).getByText('执业医师')).toBeInTheDocument();
    expect(within(card).getByText('普通用户')).toBeInTheDocument();
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    setSession('t-1', member());
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(member());
    const info = jest
      .spyOn(api.user, 'getUserInfo')
      .mockRejectedValueOnce(new Error(MSG.networkError))
      .mockResolvedValueOnce(memberProfile());
    renderAt('/personal');
    await userEvent.click(await screen.findByRole('button', { name: RETRY }, { timeout: 15_000 }));
    expect(await screen.findByText('138****0002')).toBeInTheDocument();
    expect(info).toHaveBeenCalledTimes(2);
  });

  it('logs out through the server, clears the session and goes home', async () => {
    setSession('t-1', member());
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(member());
    const logoutCall = jest.spyOn(api.login, 'userLogout').mockResolvedValue(null);
    renderAt('/personal');
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(goHomeAndReload).toHaveBeenCalled());
    expect(logoutCall).toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });
});

describe('tabs follow the URL type', () => {
  beforeEach(() => {
    setSession('t-1', member());
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(member());
  });

  it('opens the tab named by type and writes the chosen tab back to the URL', async () => {
    renderAt('/personal?type=flag3');
    await settle();
    expect(screen.getByRole('tab', { name: '阅读记录', selected: true })).toBeInTheDocument();
    expect(await screen.findByText(MSG.empty)).toBeInTheDocument();
    expect(api.user.selectMyReadArticle).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 }, { silent: true });
    await userEvent.click(screen.getByRole('tab', { name: '我的收藏' }));
    expect(location()).toBe('/personal?type=flag2');
    expect(screen.getByRole('tab', { name: '我的收藏', selected: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '个人资料' }));
    expect(location()).toBe('/personal?type=flag1');
  });

  it('falls back to the profile for a missing or unknown type', async () => {
    renderAt('/personal?type=nonsense');
    await settle();
    expect(screen.getByRole('tab', { name: '个人资料', selected: true })).toBeInTheDocument();
  });
});

describe('membership notices on arrival', () => {
  it('warns 提示消息 / 会员有效期已过期,请及时续费~ for an expired member, once per visit', async () => {
    const expired = member({
      subscribe_info: { service_type: 6, service_end_date: '2020-01-01T00:00:00.000Z' },
      subscribePo: { serviceEndDate: '2020-01-01T00:00:00.000Z' },
    });
    setSession('t-1', expired);
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(expired);
    renderAt('/personal');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.expiredTitle);
    expect(dialog).toHaveTextContent(MSG.expiredMembership);
    await userEvent.click(within(dialog).getByRole('button'));
    await waitFor(() => expect(screen.queryByText(MSG.expiredMembership)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('tab', { name: '阅读记录' }));
    expect(screen.queryByText(MSG.expiredMembership)).not.toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByText('已过期')).toBeInTheDocument();
  });

  it('treats a passed end date as expired even before the type says so', async () => {
    const lapsed = member({ subscribe_info: { service_type: 1, service_end_date: '2021-03-01T00:00:00.000Z' } });
    setSession('t-1', lapsed);
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(lapsed);
    renderAt('/personal');
    expect(await screen.findByText(MSG.expiredMembership)).toBeInTheDocument();
  });

  it('trusts the refreshed info: a renewal made elsewhere is not reported as expired', async () => {
    setSession('t-1', member({ subscribe_info: { service_type: 6, service_end_date: '2020-01-01T00:00:00.000Z' } }));
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(member());
    renderAt('/personal');
    expect(await screen.findByText('138****0002')).toBeInTheDocument();
    await settle();
    expect(screen.queryByText(MSG.expiredMembership)).not.toBeInTheDocument();
  });

  it('asks a member marked ifNeedUpdate to update the profile', async () => {
    setSession('t-1', member());
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(member({ ifNeedUpdate: 1 }));
    renderAt('/personal');
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith(MSG.updateProfile));
    expect(screen.queryByText(MSG.expiredMembership)).not.toBeInTheDocument();
  });
});

describe('subscription records (flag4)', () => {
  beforeEach(() => {
    setSession('t-1', member());
    jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(member());
  });

  it("renders mf-payment's SubscriptionPanel loaded through the remote loader", async () => {
    loadRemote.mockResolvedValue({ SubscriptionPanel: () => <p>会员方案面板</p> });
    renderAt('/personal?type=flag4');
    expect(screen.getByRole('tab', { name: '订阅记录', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('会员方案面板')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf_payment/SubscriptionPanel');
  });

  it('shows an error with a retry when the panel cannot be loaded, and the retry loads it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadRemote
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValueOnce({ SubscriptionPanel: () => <p>会员方案面板</p> });
    renderAt('/personal?type=flag4');
    expect(await screen.findByText('订阅模块加载失败，请稍后重试')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: RETRY }));
    expect(await screen.findByText('会员方案面板')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('reloads the page when the in-page retry failed as well', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadRemote.mockRejectedValue(new Error('remote down'));
    renderAt('/personal?type=flag4');
    await userEvent.click(await screen.findByRole('button', { name: RETRY }, { timeout: 15_000 }));
    await waitFor(() => expect(loadRemote).toHaveBeenCalledTimes(2), { timeout: 15_000 });
    await userEvent.click(await screen.findByRole('button', { name: RETRY }, { timeout: 15_000 }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it("shows the error state when the loaded module has no SubscriptionPanel (the shell's stand-in)", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadRemote.mockResolvedValue({ bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} });
    renderAt('/personal?type=flag4');
    expect(await screen.findByText('订阅模块加载失败，请稍后重试')).toBeInTheDocument();
  });
});
