// Fixtures of the profile form's tests: a small region tree, departments, institutions and a profile.
import type { DepartmentNode, Institution, Profile, RegionNode } from '@qianyan/shared';

export const REGIONS: RegionNode[] = [
  {
    code: '110000',
    name: '北京市',
    children: [{ code: '110100', name: '市辖区', children: [{ code: '110101', name: '东城区' }, { code: '110105', name: '朝阳区' }] }],
  },
  {
    code: '310000',
    name: '上海市',
    children: [{ code: '310100', name: '市辖区', children: [{ code: '310104', name: '徐汇区' }] }],
  },
];

export const DEPARTMENTS: DepartmentNode[] = [
  { id: 1, name: '内科', children: [{ id: 11, name: '心血管内科' }, { id: 12, name: '呼吸内科' }] },
  { id: 2, name: '外科', children: [{ id: 21, name: '普通外科' }] },
];

export const HOSPITALS: Institution[] = [
  { id: 1, name: '北京协和医院', p_code: '110000', c_code: '110100', a_code: '110101' },
  { id: 2, name: '北京医院', p_code: '110000', c_code: '110100', a_code: '110101' },
];

export const UNIVERSITIES: Institution[] = [{ id: 7, name: '北京大学医学部', p_code: '110000', c_code: '110100' }];

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 3,
    membername: 'demo_doctor',
    truename: '李思远',
    avatar: '',
    mobile: '13800000003',
    email: 'demo_doctor@example.com',
    roleid: 1,
    identity: '执业医师',
    provinceId: '110000',
    cityId: '110100',
    districtId: '110101',
    cityidspliter: '110000,110100,110101',
    cityName: '北京市/市辖区/东城区',
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
    important: '',
    ifReceiveNejm: 1,
    ifReceiveJh: 1,
    ifReceiveDsf: 1,
    emailUnsubscribe: 0,
    ifNeedUpdate: 0,
    subscribePo: { serviceTitle: '', serviceEndDate: null },
    subscribe_info: { service_type: 0, service_end_date: null },
    ...overrides,
  };
}
