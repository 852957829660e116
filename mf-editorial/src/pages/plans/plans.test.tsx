import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, qyStore, sessionAtom } from '@qianyan/shared/core';
import { renderAt, sessionUser } from '@qianyan/shared/testing';
import { editorApi, type StaffMe } from '../../api';
import { EditorialRoutes } from '../../App';
import { PlanForm } from './PlanForm';
import { PlansPanel, TextsPanel } from './PlansPage';
import { planPayload, plansApi, priceProblem, yuan, type ConsolePlan } from './plansApi';

afterEach(() => jest.restoreAllMocks());

const monthly: ConsolePlan = {
  id: 1,
  type: 1,
  title: '月度会员',
  priceFen: 3500,
  months: 1,
  pcImg: '/api/static/plans/plan-1.svg',
  mobileImg: '',
  intro: '一次购买一个月',
  equityIds: [2, 1],
  enabled: 1,
  revision: 3,
  updatedAtShanghai: '2026-06-01 09:00',
};
const benefits = [
  { id: 1, icon: '', title: '全文阅读', infos: '' },
  { id: 2, icon: '', title: '课程观看', infos: '' },
];
// Found by their text: a role query computes every element's accessible name in antd's large tree,
// seconds per query in jsdom on a busy machine.
const saveButton = () => screen.getByText(/^保\s*存$/);

describe('plan helpers', () => {
  it('takes a whole number of fen above 0 as a price, nothing else', () => {
    expect([1, 3500, 100_000_000].some(priceProblem)).toBe(false);
    expect([0, -1, 12.5, '35', undefined, 100_000_001].every(priceProblem)).toBe(true);
    expect(yuan(3500)).toBe('¥35.00');
  });
  it('sends a plan with its id, the revision it began from and trimmed fields', () => {
    expect(planPayload(monthly, { ...monthly, title: ' 月度会员（新） ', priceFen: 4200 })).toEqual({
      id: 1,
      baseRevision: 3,
      title: '月度会员（新）',
      priceFen: 4200,
      pcImg: '/api/static/plans/plan-1.svg',
      mobileImg: '',
      intro: '一次购买一个月',
      equityIds: [2, 1],
    });
  });
});

describe('the plan form', () => {
  it('refuses a price that is not a whole number of fen, and an empty name, without sending', async () => {
    const onSave = jest.fn();
    render(<PlanForm plan={monthly} benefits={benefits} onSave={onSave} onCancel={() => undefined} />);
    const price = screen.getByLabelText('价格（分）');
    await userEvent.clear(price);
    await userEvent.click(price);
    await userEvent.paste('-5');
    await userEvent.clear(screen.getByLabelText('方案名称'));
    await userEvent.click(saveButton());
    expect(await screen.findByText('价格必须是大于 0 的整数（分）')).toBeInTheDocument();
    expect(await screen.findByText('请填写方案名称')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the new price in fen and shows it in yuan', async () => {
    const onSave = jest.fn();
    render(<PlanForm plan={monthly} benefits={benefits} onSave={onSave} onCancel={() => undefined} />);
    const price = screen.getByLabelText('价格（分）');
    await userEvent.clear(price);
    await userEvent.click(price);
    await userEvent.paste('4200');
    expect(await screen.findByText('即 ¥42.00')).toBeInTheDocument();
    await userEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ id: 1, baseRevision: 3, priceFen: 4200, equityIds: [2, 1] })));
  });
});

describe('the plans panel', () => {
  it('lists the plans with their prices and takes one off sale', async () => {
    jest.spyOn(plansApi, 'list').mockResolvedValue({ plans: [monthly], benefits, benefitsVersion: 'v1' });
    const sale = jest.spyOn(plansApi, 'setSale').mockResolvedValue({ ...monthly, enabled: 0 });
    render(<PlansPanel />);
    expect(await screen.findByText('3500（¥35.00）')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: '上架：月度会员' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(sale).toHaveBeenCalledWith(1, 0, { silent: true });
    await waitFor(() => expect(screen.getByRole('switch', { name: '上架：月度会员' })).not.toBeChecked());
  });

  it('shows the server’s refusal of a stale save with a way to load the latest', async () => {
    jest.spyOn(plansApi, 'list').mockResolvedValue({ plans: [monthly], benefits, benefitsVersion: 'v1' });
    jest.spyOn(plansApi, 'save').mockRejectedValue(new ApiError(10409, '保存失败：他人已先修改了这个方案（当前为第4版），请刷新后再修改'));
    render(<PlansPanel />);
    await userEvent.click(await screen.findByLabelText('编辑：月度会员'));
    await userEvent.click(await screen.findByText(/^保\s*存$/));
    expect(await screen.findByText('保存失败：他人已先修改了这个方案（当前为第4版），请刷新后再修改')).toBeInTheDocument();
    expect(screen.getByText('载入最新版本').closest('button')).toBeInTheDocument();
  });
});

describe('the FAQ and agreement', () => {
  it('saves the FAQ in its new order at the version it was loaded at', async () => {
    jest.spyOn(plansApi, 'texts').mockResolvedValue({
      faq: [
        { title: '问一', content: '答一' },
        { title: '问二', content: '答二' },
      ],
      faqVersion: 'f1',
      agreement: { title: '会员服务协议', content: '<p>协议</p>' },
      agreementVersion: 'a1',
    });
    const save = jest.spyOn(plansApi, 'saveFaq').mockImplementation(async (_v, items) => ({
      faq: items,
      faqVersion: 'f2',
      agreement: { title: '会员服务协议', content: '<p>协议</p>' },
      agreementVersion: 'a1',
    }));
    render(<TextsPanel />);
    expect(await screen.findByDisplayValue('问二')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: '上移' })[1]!);
    await userEvent.click(screen.getAllByText(/^保\s*存$/)[0]!);
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        'f1',
        [
          { title: '问二', content: '答二' },
          { title: '问一', content: '答一' },
        ],
        { silent: true },
      ),
    );
  });
});

describe('the 会员方案 screen’s role gate', () => {
  const staff = (role: StaffMe['role']): StaffMe => ({
    id: 30,
    username: `demo_${role}`,
    role,
    can: { createArticle: true, publish: role !== 'contributor', manageStaff: role === 'admin', readAudit: role === 'admin' },
  });
  beforeEach(() => {
    qyStore.set(sessionAtom, { token: 'token-abc', user: sessionUser({ membername: 'demo_editor' }), savedAt: Date.now() });
    jest.spyOn(editorApi, 'list').mockResolvedValue({ results: [], page: { total: 0, pages: 0, pageNo: 1, pageSize: 20 } });
  });
  afterEach(() => act(() => qyStore.set(sessionAtom, null)));

  it('keeps an editor out of 会员方案, in the menu and by its address, without asking the server', async () => {
    jest.spyOn(editorApi, 'me').mockResolvedValue(staff('editor'));
    const list = jest.spyOn(plansApi, 'list');
    renderAt('/editor/plans', <EditorialRoutes />);
    expect(await screen.findByText('没有权限', {}, { timeout: 20_000 })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation');
    expect([...nav.querySelectorAll('[role=menuitem]')].map((i) => i.textContent)).not.toContain('会员方案');
    expect(list).not.toHaveBeenCalled();
  }, 60_000);

  it('opens 会员方案 for an admin, with its three tabs', async () => {
    jest.spyOn(editorApi, 'me').mockResolvedValue(staff('admin'));
    jest.spyOn(plansApi, 'list').mockResolvedValue({ plans: [monthly], benefits, benefitsVersion: 'v1' });
    renderAt('/editor/plans', <EditorialRoutes />);
    const nav = await screen.findByRole('navigation', {}, { timeout: 10_000 });
    expect([...nav.querySelectorAll('[role=menuitem]')].map((i) => i.textContent)).toContain('会员方案');
    expect(await screen.findByText('会员方案', { selector: 'h3' }, { timeout: 20_000 })).toBeInTheDocument();
    expect([...document.querySelectorAll('[role=tab]')].map((t) => t.textContent)).toEqual(['方案与价格', '会员权益', '常见问题与协议']);
    expect(await screen.findByText('3500（¥35.00）', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);
});
