import { act, screen, waitFor, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, qyStore, sessionAtom } from '@qianyan/shared/core';
import { renderAt, sessionUser } from '@qianyan/shared/testing';
import { editorApi, type StaffMe } from '../../api';
import { EditorialRoutes } from '../../App';
import { BannersPanel } from './BannersPanel';
import { HotReadsPanel } from './HotReadsPanel';
import { SwitchesPanel } from './SwitchesPanel';
import { AdvertForm, advertPayload, advertValues, BannerForm } from './SiteForms';
import { endBeforeStart, isLink, move, siteApi, type SiteAdvert, type SiteBanner } from './siteApi';

afterEach(() => jest.restoreAllMocks());

/** Text arrives in one input event, as a Chinese input method commits it. */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

const headerAd: SiteAdvert = {
  id: 9,
  name: '会员年度计划',
  adUrl: '/personal?type=flag4',
  img: '/api/static/adverts/header-1.svg',
  advertPosition: '页眉',
  ifPublish: 1,
  startAt: '2026-06-02 10:00',
  endAt: '2026-06-30 10:00',
  sort: 1,
  live: true,
  revision: 4,
  updatedAtShanghai: '2026-06-01 09:00',
};

describe('site helpers', () => {
  it('takes site paths and http(s) addresses as links, nothing else', () => {
    expect(['/index', '/a?b=1', 'https://example.com/x', 'http://a.cn'].every(isLink)).toBe(true);
    expect(['//evil.com', 'javascript:alert(1)', 'ftp://x', 'index', '/a b'].some(isLink)).toBe(false);
  });
  it('moves items and compares times', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(endBeforeStart('2026-06-02 10:00', '2026-06-01 10:00')).toBe(true);
    expect(endBeforeStart('2026-06-02 10:00', '2026-06-02 10:00')).toBe(false);
    expect(endBeforeStart('', '2026-06-01 10:00')).toBe(false);
  });
  it('sends an advert edit with its id, the revision it began from and Beijing wall times', () => {
    expect(advertPayload({ ...advertValues(headerAd), name: ' 新名称 ' }, headerAd)).toEqual({
      id: 9,
      baseRevision: 4,
      name: '新名称',
      img: '/api/static/adverts/header-1.svg',
      adUrl: '/personal?type=flag4',
      advertPosition: '页眉',
      ifPublish: 1,
      startAt: '2026-06-02 10:00',
      endAt: '2026-06-30 10:00',
    });
    expect(advertPayload({ ...advertValues(undefined, 'bottom'), name: '底部', img: '/x.png', ifPublish: false })).toEqual({
      name: '底部',
      img: '/x.png',
      adUrl: '',
      advertPosition: 'bottom',
      ifPublish: 0,
      startAt: '',
      endAt: '',
    });
  });
});

describe('the banner form', () => {
  it('asks for the picture and refuses a link that is neither a site path nor http(s)', async () => {
    const onSave = jest.fn();
    render(<BannerForm onSave={onSave} onCancel={() => undefined} />);
    await enter(screen.getByLabelText('链接'), 'javascript:alert(1)');
    await userEvent.click(saveButton());
    expect(await screen.findByText('请上传横幅图片')).toBeInTheDocument();
    expect(screen.getByText('链接须为站内路径（以 / 开头）或 http(s) 地址')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  }, 30_000);

  it('sends the picture trimmed', async () => {
    const onSave = jest.fn();
    render(<BannerForm onSave={onSave} onCancel={() => undefined} />);
    await enter(screen.getByRole('textbox', { name: '图片' }), ' /api/uploads/banner.jpg ');
    await enter(screen.getByLabelText('标题'), ' 年度专题 ');
    await enter(screen.getByLabelText('链接'), '/latest-periodical');
    await userEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith({ pic: '/api/uploads/banner.jpg', title: '年度专题', intro: '', url: '/latest-periodical' });
  }, 30_000);
});

describe('the advert form', () => {
  it('asks for the name and the picture', async () => {
    const onSave = jest.fn();
    render(<AdvertForm onSave={onSave} onCancel={() => undefined} />);
    await userEvent.click(saveButton());
    expect(await screen.findByText('请填写广告名称')).toBeInTheDocument();
    expect(screen.getByText('请上传广告图片')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  }, 30_000);

  it('refuses an end before the start', async () => {
    const onSave = jest.fn();
    render(<AdvertForm editing={{ ...headerAd, startAt: '2026-06-02 10:00', endAt: '2026-06-01 10:00' }} onSave={onSave} onCancel={() => undefined} />);
    await userEvent.click(saveButton());
    expect(await screen.findByText('结束时间不能早于开始时间')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  }, 30_000);

  it('sends an edit with the revision it began from', async () => {
    const onSave = jest.fn();
    render(<AdvertForm editing={headerAd} onSave={onSave} onCancel={() => undefined} />);
    await userEvent.click(saveButton());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ id: 9, baseRevision: 4, startAt: '2026-06-02 10:00', endAt: '2026-06-30 10:00' });
  }, 30_000);
});

describe('the banners panel', () => {
  const banner: SiteBanner = {
    id: 1,
    code: 'home',
    label: '首页横幅',
    revision: 3,
    updatedAtShanghai: '2026-06-01 09:00',
    pictures: [
      { pic: '/a.png', title: '第一张', intro: '', url: '' },
      { pic: '/b.png', title: '第二张', intro: '', url: '/index' },
    ],
  };

  it('moves a picture by saving the list at the revision shown, and offers the newest list when someone saved first', async () => {
    jest.spyOn(siteApi, 'banner').mockResolvedValue(banner);
    const save = jest.spyOn(siteApi, 'saveBanner').mockRejectedValue(new ApiError(10409, '保存失败：他人已先修改了这组横幅（当前为第4版），请刷新后再修改'));
    render(<BannersPanel />);
    const row = (await screen.findByText('第二张')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /上\s*移/ }));
    expect(save).toHaveBeenCalledWith('home', 3, [banner.pictures[1], banner.pictures[0]], { silent: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('未保存：有人已先修改了这里');
    expect(alert).toHaveTextContent('当前为第4版');
    await userEvent.click(within(alert).getByRole('button', { name: '载入最新版本' }));
    await waitFor(() => expect(siteApi.banner).toHaveBeenCalledTimes(2));
  }, 30_000);
});

describe('the hot reads and switches panels', () => {
  const item = (relationType: 10 | 20 | 30 | 40, relationId: number, title: string) => ({
    relationType,
    relationId,
    typeLabel: relationType === 40 ? '文章' : '课程',
    title,
    permalinks: '',
    shown: true,
  });

  it('adds a found article at the end of the list, saved at the version shown; one already listed is not offered', async () => {
    jest.spyOn(siteApi, 'hotReads').mockResolvedValue({ items: [item(40, 1, '已在热读的文章'), item(10, 7, '一节课')], version: 'v1' });
    const candidates = jest.spyOn(siteApi, 'hotReadCandidates').mockResolvedValue({ results: [item(40, 1, '已在热读的文章'), item(40, 2, '新的文章')] });
    const save = jest.spyOn(siteApi, 'saveHotReads').mockResolvedValue({ items: [], version: 'v2' });
    render(<HotReadsPanel />);
    await screen.findByText('一节课');
    await enter(screen.getByRole('searchbox', { name: '按标题搜索' }), '文章');
    await userEvent.keyboard('{Enter}');
    expect(candidates).toHaveBeenCalledWith(40, '文章', { silent: true });
    const offered = (await screen.findByText('新的文章')).closest('tr')!;
    expect(screen.getByText('已在列表中')).toBeInTheDocument();
    await userEvent.click(within(offered).getByRole('button', { name: /选\s*用/ }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toBe('v1');
    expect(save.mock.calls[0]![1].map((i) => [i.relationType, i.relationId])).toEqual([
      [40, 1],
      [10, 7],
      [40, 2],
    ]);
  }, 30_000);

  it('sets a switch to the value chosen', async () => {
    jest.spyOn(siteApi, 'switches').mockResolvedValue({
      results: [
        { moduleName: 'advert', label: '广告', switchValue: 1 },
        { moduleName: 'hot_read', label: '热读', switchValue: 1 },
      ],
    });
    const set = jest.spyOn(siteApi, 'setSwitch').mockResolvedValue({ moduleName: 'advert', label: '广告', switchValue: 0 });
    render(<SwitchesPanel />);
    const advert = await screen.findByRole('switch', { name: '广告' });
    expect(advert).toBeChecked();
    await userEvent.click(advert);
    expect(set).toHaveBeenCalledWith('advert', 0, { silent: true });
    await waitFor(() => expect(screen.getByRole('switch', { name: '广告' })).not.toBeChecked());
    expect(screen.getByRole('switch', { name: '热读' })).toBeChecked();
  }, 30_000);
});

describe('the 站点 screen’s role gate', () => {
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

  it('keeps a contributor out of 站点, in the menu and by its address, without asking the server', async () => {
    jest.spyOn(editorApi, 'me').mockResolvedValue(staff('contributor'));
    const banner = jest.spyOn(siteApi, 'banner');
    renderAt('/editor/site', <EditorialRoutes />);
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
    const entries = within(screen.getByRole('navigation')).getAllByRole('menuitem').map((i) => i.textContent);
    expect(entries).not.toContain('站点');
    expect(banner).not.toHaveBeenCalled();
  });

  it.each(['editor', 'admin'] as const)('opens 站点 for an %s, with its four tabs', async (role) => {
    jest.spyOn(editorApi, 'me').mockResolvedValue(staff(role));
    jest.spyOn(siteApi, 'banner').mockResolvedValue({ id: 1, code: 'home', label: '首页横幅', revision: 1, updatedAtShanghai: '2026-06-01 09:00', pictures: [] });
    renderAt('/editor/site', <EditorialRoutes />);
    // Plain selectors: role queries over the whole antd console are slow on a busy machine.
    const nav = await screen.findByRole('navigation', {}, { timeout: 10_000 });
    expect([...nav.querySelectorAll('[role=menuitem]')].map((i) => i.textContent)).toContain('站点');
    const heading = await screen.findByText('站点', { selector: 'h3' }, { timeout: 20_000 });
    expect(heading).toBeInTheDocument();
    expect([...document.querySelectorAll('[role=tab]')].map((t) => t.textContent)).toEqual(['横幅', '广告', '热读', '模块开关']);
    expect(await screen.findByText('还没有横幅', {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);
});
