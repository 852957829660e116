import { api, clearSession, getSession, MSG, setSession, toast } from '@qianyan/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearReferenceCache } from '../profile/regionData';
import { DEPARTMENTS, HOSPITALS, profile, REGIONS } from '../profile/testData';
import { checkAvatarFile } from './AvatarUpload';
import { member, renderAt } from './testing';

jest.setTimeout(90_000);
const WAIT = { timeout: 15_000 };
const settle = () => act(async () => {});

const doctor = () =>
  member({ id: 3, membername: 'demo_doctor', truename: '李思远', identity: '执业医师', roleid: 1, subscribe_info: { service_type: 0, service_end_date: null } });

beforeEach(() => {
  clearSession();
  clearReferenceCache();
  setSession('t-3', doctor());
  jest.spyOn(api.user, 'getMemberInfo').mockResolvedValue(doctor());
  jest.spyOn(api.user, 'getUserInfo').mockResolvedValue(profile());
  jest.spyOn(api.region, 'getTree').mockResolvedValue(REGIONS);
  jest.spyOn(api.region, 'departments').mockResolvedValue(DEPARTMENTS);
  jest.spyOn(api.region, 'hospitals').mockResolvedValue(HOSPITALS);
  jest.spyOn(toast, 'success').mockImplementation(() => {});
  jest.spyOn(toast, 'error').mockImplementation(() => {});
  jest.spyOn(toast, 'warning').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

const row = (label: string) => screen.getByText(label, { selector: 'th, th *' }).closest('tr')!;

describe('read and edit modes', () => {
  it('shows the doctor fields, then edits and saves the profile', async () => {
    const saved = profile({ jobname: '科主任' });
    const complete = jest.spyOn(api.user, 'completeUserInfo').mockResolvedValue(saved);
    renderAt('/personal');
    await waitFor(() => expect(row('医院')).toHaveTextContent('北京协和医院'), WAIT);
    expect(row('科室')).toHaveTextContent('心血管内科');
    expect(row('职称')).toHaveTextContent('主治医师（中级）');
    expect(row('职务')).toHaveTextContent('普通医生');
    expect(row('所在城市')).toHaveTextContent('北京市/市辖区/东城区');

    fireEvent.click(screen.getByRole('button', { name: /编辑/ }));
    expect(await screen.findByRole('heading', { name: '编辑资料' }, WAIT)).toBeInTheDocument();
    expect(screen.getByDisplayValue('李思远')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(complete).toHaveBeenCalled(), WAIT);
    expect(toast.success).toHaveBeenCalledWith(MSG.saveSuccess);
    await waitFor(() => expect(row('职务')).toHaveTextContent('科主任'), WAIT);
    expect(screen.queryByRole('heading', { name: '编辑资料' })).not.toBeInTheDocument();
  });

  it('取消 leaves the edit mode without saving', async () => {
    const complete = jest.spyOn(api.user, 'completeUserInfo');
    renderAt('/personal');
    fireEvent.click(await screen.findByRole('button', { name: /编辑/ }, WAIT));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }, WAIT));
    expect(await screen.findByRole('button', { name: /编辑/ }, WAIT)).toBeInTheDocument();
    expect(complete).not.toHaveBeenCalled();
  });

  it('warns 请及时更新用户资料 on the profile of a member marked ifNeedUpdate', async () => {
    jest.spyOn(api.user, 'getUserInfo').mockResolvedValue(profile({ ifNeedUpdate: 1 }));
    renderAt('/personal');
    expect(await screen.findByText(MSG.updateProfile, undefined, WAIT)).toBeInTheDocument();
  });

  it('changes the username and the session follows', async () => {
    jest.spyOn(api.user, 'updateSignAccount').mockResolvedValue(profile({ membername: 'dr_li' }));
    renderAt('/personal');
    await waitFor(() => expect(row('用户名')).toHaveTextContent('demo_doctor'), WAIT);
    fireEvent.click(screen.getByRole('button', { name: '修改用户名' }));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    fireEvent.change(within(dialog).getByLabelText('新用户名'), { target: { value: 'dr_li' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(row('用户名')).toHaveTextContent('dr_li'), WAIT);
    expect(toast.success).toHaveBeenCalledWith(MSG.modifySuccess);
    expect(getSession()?.user.membername).toBe('dr_li');
  });
});

describe('consent checkboxes', () => {
  it('ticking saves at once', async () => {
    const save = jest.spyOn(api.user, 'updateSubscribe').mockResolvedValue(profile({ ifReceiveJh: 1 }));
    jest.spyOn(api.user, 'getUserInfo').mockResolvedValue(profile({ ifReceiveJh: 0 }));
    renderAt('/personal');
    const box = await screen.findByRole('checkbox', { name: /课程、会议/ }, WAIT);
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(save).toHaveBeenCalledWith({ ifReceiveNejm: 1, ifReceiveJh: 1, ifReceiveDsf: 1 }), WAIT);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /课程、会议/ })).toBeChecked(), WAIT);
  });

  it('unticking asks first, then saves and says 已成功取消!', async () => {
    const save = jest.spyOn(api.user, 'updateSubscribe').mockResolvedValue(profile({ ifReceiveDsf: 0 }));
    renderAt('/personal');
    const box = await screen.findByRole('checkbox', { name: /合作伙伴/ }, WAIT);
    fireEvent.click(box);
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(save).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ ifReceiveNejm: 1, ifReceiveJh: 1, ifReceiveDsf: 0 }), WAIT);
    expect(toast.success).toHaveBeenCalledWith(MSG.cancelled);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /合作伙伴/ })).not.toBeChecked(), WAIT);
  });

  it('keeping the consent saves nothing', async () => {
    const save = jest.spyOn(api.user, 'updateSubscribe');
    renderAt('/personal');
    fireEvent.click(await screen.findByRole('checkbox', { name: /合作伙伴/ }, WAIT));
    fireEvent.click(within(await screen.findByRole('dialog', undefined, WAIT)).getByRole('button', { name: '暂不取消' }));
    await settle();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: /合作伙伴/ })).toBeChecked();
  });
});

describe('avatar', () => {
  it('refuses anything but JPG or PNG, and 10 MB or more, before sending', () => {
    expect(checkAvatarFile({ type: 'image/gif', size: 100 })).toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith(MSG.imageType);
    expect(checkAvatarFile({ type: 'image/png', size: 10 * 1024 * 1024 })).toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith(MSG.imageSize);
    expect(checkAvatarFile({ type: 'image/jpeg', size: 2048 })).toBe(true);
  });

  it('uploads the picture, sets it as avatar, says 修改成功 and the card shows it', async () => {
    const upload = jest
      .spyOn(api.file, 'uploadFile')
      .mockResolvedValue([{ name: 'a.png', url: '/api/static/uploads/a.png', type: 'image/png', thumbUrl: '/api/static/uploads/a-300.png' }]);
    const setAvatar = jest.spyOn(api.user, 'updateAvatar').mockResolvedValue(profile({ avatar: '/api/static/uploads/a.png' }));
    renderAt('/personal');
    const card = await screen.findByRole('complementary', { name: '账户概览' }, WAIT);
    const input = card.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(setAvatar).toHaveBeenCalledWith({ avatar: '/api/static/uploads/a.png' }), WAIT);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith(MSG.modifySuccess);
    expect(getSession()?.user.avatar).toBe('/api/static/uploads/a.png');
    expect(await within(card).findByRole('img', undefined, WAIT)).toHaveAttribute('src', '/api/static/uploads/a.png');
  });

  it('sends nothing for a GIF', async () => {
    const upload = jest.spyOn(api.file, 'uploadFile');
    renderAt('/personal');
    const card = await screen.findByRole('complementary', { name: '账户概览' }, WAIT);
    const input = card.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'x.gif', { type: 'image/gif' })] } });
    await settle();
    expect(toast.error).toHaveBeenCalledWith(MSG.imageType);
    expect(upload).not.toHaveBeenCalled();
  });
});
