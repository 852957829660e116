import { AppProviders, api, clearSession, getSession, MSG, setSession, toast, type Profile } from '@qianyan/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { ProfileForm, departmentOptions } from './ProfileForm';
import { identityChangeReset, isFutureYear, toCompleteUserInfoBody, toFormValues } from './profileModel';
import { clearReferenceCache } from './regionData';
import { DEPARTMENTS, HOSPITALS, profile, REGIONS, UNIVERSITIES } from './testData';

// antd's pickers and selects are slow to render in jsdom on a busy machine.
jest.setTimeout(90_000);

let hospitals: jest.SpyInstance;
let universities: jest.SpyInstance;

beforeEach(() => {
  clearReferenceCache();
  clearSession();
  jest.spyOn(api.region, 'getTree').mockResolvedValue(REGIONS);
  jest.spyOn(api.region, 'departments').mockResolvedValue(DEPARTMENTS);
  hospitals = jest.spyOn(api.region, 'hospitals').mockResolvedValue(HOSPITALS);
  universities = jest.spyOn(api.region, 'universities').mockResolvedValue(UNIVERSITIES);
  jest.spyOn(toast, 'success').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

function renderForm(initial?: Partial<Profile>, onSaved = jest.fn()) {
  render(
    <AppProviders>
      <ProfileForm initial={initial} onSaved={onSaved} />
    </AppProviders>,
  );
  return onSaved;
}

const settle = () => act(async () => {});
// Slow machines: antd renders the role fields a moment after the identity changes.
const WAIT = { timeout: 15_000 };
const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
  await settle();
  await settle();
};
/** A field each identity shows: choosing an identity waits until its fields are on screen. */
const ROLE_LABEL: Record<string, string> = { 执业医师: '医院', 医学生: '学校', 其他: '单位' };
const chooseIdentity = async (label: string) => {
  fireEvent.click(screen.getByRole('radio', { name: label }));
  await screen.findByText(ROLE_LABEL[label]!, { selector: 'label' }, WAIT);
};
/** The messages the form shows under its fields. */
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
const field = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

describe('validation by identity (§5)', () => {
  it('asks a doctor for name, city, hospital, department, title and post', async () => {
    renderForm();
    await settle();
    await save();
    await waitFor(() =>
      expect(errors()).toEqual([MSG.nameRequired, MSG.cityRequired, MSG.hospitalRequired, MSG.divisionRequired, MSG.joblevelRequired, MSG.jobnameRequired]),
      WAIT,
    );
  });

  it('asks a student for school, major, entrance year and education', async () => {
    renderForm();
    await chooseIdentity('医学生');
    await save();
    await waitFor(() =>
      expect(errors()).toEqual([MSG.nameRequired, MSG.cityRequired, MSG.universityRequired, MSG.majorsRequired, MSG.entranceYearRequired, MSG.qualificationRequired]),
      WAIT,
    );
  });

  it('asks anyone else for company, department and post', async () => {
    renderForm();
    await chooseIdentity('其他');
    await save();
    await waitFor(() =>
      expect(errors()).toEqual([MSG.nameRequired, MSG.cityRequired, MSG.otherCompanyRequired, MSG.otherDepartmentRequired, MSG.otherJobnameRequired]),
      WAIT,
    );
  });

  it('does not call the server while a rule fails', async () => {
    const complete = jest.spyOn(api.user, 'completeUserInfo');
    renderForm(profile({ hospital: '' }));
    await save();
    await waitFor(() => expect(errors()).toEqual([MSG.hospitalRequired]), WAIT);
    expect(complete).not.toHaveBeenCalled();
  });
});

describe('city first, then hospital or university (§2.8)', () => {
  it('keeps the hospital disabled until a city is chosen', async () => {
    renderForm({ truename: '张三' });
    await settle();
    expect(within(field('医院')).getByRole('combobox')).toBeDisabled();
    expect(hospitals).not.toHaveBeenCalled();
  });

  it('lists the hospitals of the chosen city', async () => {
    renderForm(profile());
    await settle();
    expect(within(field('医院')).getByRole('combobox')).toBeEnabled();
    expect(hospitals).toHaveBeenCalledWith({ p_code: '110000', c_code: '110100' }, { silent: true });
  });

  it('keeps the university disabled until a city is chosen', async () => {
    renderForm({ identity: '医学生' });
    await settle();
    expect(within(field('学校')).getByRole('combobox')).toBeDisabled();
    expect(universities).not.toHaveBeenCalled();
  });
});

describe('identity change (§4)', () => {
  it('keeps name and city, resets the rest and loads universities for the city', async () => {
    renderForm(profile({ identity: '执业医师' }));
    await settle();
    expect(screen.getByTitle('主治医师（中级）')).toBeInTheDocument();
    await chooseIdentity('医学生');
    expect(universities).toHaveBeenCalledWith({ p_code: '110000', c_code: '110100' }, { silent: true });
    expect(within(field('学校')).getByRole('combobox')).toBeEnabled();
    await chooseIdentity('执业医师');
    // Back as a doctor: the old role answers are gone, name and city are still there.
    expect(screen.queryByTitle('主治医师（中级）')).not.toBeInTheDocument();
    expect(screen.queryByTitle('北京协和医院')).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('李思远')).toBeInTheDocument();
    expect(screen.getByText('北京市 / 市辖区 / 东城区')).toBeInTheDocument();
    await save();
    await waitFor(() =>
      expect(errors()).toEqual([MSG.hospitalRequired, MSG.divisionRequired, MSG.joblevelRequired, MSG.jobnameRequired]),
      WAIT,
    );
  });

  it('clears every role field and nothing else', () => {
    const reset = identityChangeReset();
    expect(Object.keys(reset).sort()).toEqual(
      ['division', 'entranceYear', 'hospital', 'joblevel', 'jobname', 'majors', 'otherCompany', 'otherDepartment', 'otherJobname', 'qualification', 'university'].sort(),
    );
    expect(reset).not.toHaveProperty('truename');
    expect(reset).not.toHaveProperty('city');
  });
});

describe('entrance year', () => {
  it('disables years after the current one', () => {
    const now = dayjs('2026-06-15');
    expect(isFutureYear(dayjs('2027-01-01'), now)).toBe(true);
    expect(isFutureYear(dayjs('2026-12-31'), now)).toBe(false);
    expect(isFutureYear(dayjs('2010-01-01'), now)).toBe(false);
  });

  it('shows next year disabled in the picker', async () => {
    renderForm({ identity: '医学生' });
    await settle();
    fireEvent.mouseDown(within(field('入学年份')).getByRole('textbox'));
    fireEvent.click(within(field('入学年份')).getByRole('textbox'));
    const next = String(dayjs().year() + 1);
    const cell = await screen.findByTitle(next);
    expect(cell).toHaveClass('ant-picker-cell-disabled');
    expect(screen.getByTitle(String(dayjs().year()))).not.toHaveClass('ant-picker-cell-disabled');
  });
});

describe('consents', () => {
  it('are ticked by default for a new member', async () => {
    renderForm();
    await settle();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    boxes.forEach((b) => expect(b).toBeChecked());
  });

  it('follow the saved profile', async () => {
    renderForm(profile({ ifReceiveJh: 0 }));
    await settle();
    expect(screen.getByRole('checkbox', { name: /课程、会议/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /期刊/ })).toBeChecked();
  });
});

describe('saving', () => {
  it('sends the profile, says 保存成功, updates the session user and reports the saved profile', async () => {
    setSession('t-1', {
      id: 3,
      membername: 'demo_doctor',
      truename: '',
      identity: '',
      roleid: 0,
      avatar: '',
      subscribe_info: { service_type: 0, service_end_date: null },
      ifNeedUpdate: 1,
    });
    const saved = profile();
    const complete = jest.spyOn(api.user, 'completeUserInfo').mockResolvedValue(saved);
    const onSaved = renderForm(profile());
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(complete).toHaveBeenCalledWith({
      truename: '李思远',
      identity: '执业医师',
      provinceId: '110000',
      cityId: '110100',
      districtId: '110101',
      hospital: '北京协和医院',
      division: '心血管内科',
      joblevel: '主治医师（中级）',
      jobname: '普通医生',
      university: '',
      majors: '',
      entranceYear: '',
      qualification: '',
      otherCompany: '',
      otherDepartment: '',
      otherJobname: '',
      ifReceiveNejm: 1,
      ifReceiveJh: 1,
      ifReceiveDsf: 1,
    });
    expect(toast.success).toHaveBeenCalledWith(MSG.saveSuccess);
    expect(getSession()?.user).toMatchObject({ truename: '李思远', identity: '执业医师', roleid: 1, ifNeedUpdate: 0 });
  });

  it('keeps the form when the server refuses', async () => {
    jest.spyOn(api.user, 'completeUserInfo').mockRejectedValue(new Error('请求参数错误'));
    const onSaved = renderForm(profile());
    await save();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('李思远')).toBeInTheDocument();
  });
});

describe('model', () => {
  it('sends a student year as YYYY and no doctor fields', () => {
    const values = { ...toFormValues(profile()), identity: '医学生' as const, university: '北京大学医学部', majors: '临床医学', entranceYear: dayjs('2022-01-01'), qualification: '本科' };
    const body = toCompleteUserInfoBody(values);
    expect(body).toMatchObject({ identity: '医学生', university: '北京大学医学部', entranceYear: '2022', hospital: '', division: '' });
  });

  it('reads unset consents as ticked and 0 as unticked', () => {
    expect(toFormValues({}).ifReceiveDsf).toBe(true);
    expect(toFormValues({ ifReceiveDsf: 0 }).ifReceiveDsf).toBe(false);
  });

  it('lets only leaves of the department tree be chosen', () => {
    const options = departmentOptions(DEPARTMENTS);
    expect(options[0]).toMatchObject({ title: '内科', selectable: false });
    expect(options[0]!.children![0]).toMatchObject({ value: '心血管内科', selectable: true });
  });
});
