import { MSG } from './messages';
import {
  antdRule,
  confirmPasswordRule,
  looksLikeJpegOrPng,
  shippingRequired,
  validateAccount,
  validateCode,
  validateConfirmPassword,
  validateEmail,
  validateImageFile,
  validateMobile,
  validateName,
  validatePassword,
  validateProfile,
  validateUsername,
} from './validation';

describe('mobile number (§5)', () => {
  it('asks for a number when empty, with the send-code wording on send', () => {
    expect(validateMobile('')).toBe('请输入手机号码');
    expect(validateMobile(undefined, { onSend: true })).toBe('请输入手机号');
  });
  it('rejects an 11-digit number that does not start with 1', () => {
    expect(validateMobile('23800000000')).toBe('手机输入不正确，请重新输入');
  });
  it('rejects 10 and 12 digits and letters', () => {
    expect(validateMobile('1380000000')).toBe(MSG.mobileInvalid);
    expect(validateMobile('138000000001')).toBe(MSG.mobileInvalid);
    expect(validateMobile('1380000000a')).toBe(MSG.mobileInvalid);
  });
  it('accepts 11 digits starting with 1', () => {
    expect(validateMobile('13800000001')).toBeNull();
  });
});

describe('e-mail (§5)', () => {
  it('asks for an address when empty, with the send-code wording on send', () => {
    expect(validateEmail('')).toBe('请输入邮箱');
    expect(validateEmail(' ', { onSend: true })).toBe('请输入邮箱号码');
  });
  it('needs the standard shape with a 2 to 4 letter suffix', () => {
    expect(validateEmail('doctor@hospital.cn')).toBeNull();
    expect(validateEmail('a.b@mail.pku.edu.cn')).toBeNull();
    expect(validateEmail('doctor@hospital')).toBe('邮箱输入不正确，请重新输入');
    expect(validateEmail('doctor@hospital.c')).toBe(MSG.emailInvalid);
    expect(validateEmail('doctor@hospital.health1')).toBe(MSG.emailInvalid);
    expect(validateEmail('doctor.hospital.cn')).toBe(MSG.emailInvalid);
  });
});

describe('passwords (§5)', () => {
  it('requires a password of at least 6 characters', () => {
    expect(validatePassword('')).toBe('请输入密码');
    expect(validatePassword('12345')).toBe('请至少输入6位');
    expect(validatePassword('123456')).toBeNull();
  });
  it('uses the personal-centre wording there', () => {
    expect(validatePassword('12345', { personal: true })).toBe('密码至少6位');
  });
  it('requires the confirmation to equal the password', () => {
    expect(validateConfirmPassword('', 'secret1')).toBe('请再次输入密码');
    expect(validateConfirmPassword('secret2', 'secret1')).toBe('两次密码不一致');
    expect(validateConfirmPassword('secret2', 'secret1', { personal: true })).toBe('两次输入密码不一致!');
    expect(validateConfirmPassword('secret1', 'secret1')).toBeNull();
  });
});

describe('simple required fields (§5)', () => {
  it('gives each its message', () => {
    expect(validateCode('')).toBe('请输入验证码');
    expect(validateAccount('')).toBe('请输入用户名、手机或邮箱');
    expect(validateUsername('')).toBe('请输入用户名');
    expect(validateName('  ')).toBe('请输入姓名');
    expect(validateAccount('demo_reader')).toBeNull();
  });
});

describe('profile by identity (§5)', () => {
  it('always needs a name and a city', () => {
    expect(validateProfile({})).toEqual({ truename: '请输入姓名', city: '请选择城市' });
  });
  it('needs hospital, division, job level and job title for a doctor', () => {
    expect(validateProfile({ identity: '执业医师', truename: '王医生', city: '110101' })).toEqual({
      hospital: '请选择医院',
      division: '请选择科室',
      joblevel: '请选择职称',
      jobname: '请选择职务',
    });
  });
  it('needs university, major, entrance year and education for a student', () => {
    expect(validateProfile({ identity: '医学生', truename: '李同学', city: '310101' })).toEqual({
      university: '请选择学校',
      majors: '请输入专业',
      entranceYear: '请选择学年份',
      qualification: '请选择学历',
    });
  });
  it('needs company, department and job for other', () => {
    expect(validateProfile({ identity: '其他', truename: '张', city: '1' })).toEqual({
      otherCompany: '请输入单位',
      otherDepartment: '请输入部门',
      otherJobname: '请输入职务',
    });
  });
  it('passes a complete doctor profile', () => {
    expect(
      validateProfile({
        identity: '执业医师', truename: '王医生', city: '110101', hospital: '1', division: '2',
        joblevel: '3', jobname: '4',
      }),
    ).toEqual({});
  });
});

describe('shipping and uploads (§5)', () => {
  it('asks for an address only for yearly plans', () => {
    expect([1, 2, 3, 4].map(shippingRequired)).toEqual([false, true, false, true]);
  });
  it('accepts JPG and PNG under 10 MB only', () => {
    expect(validateImageFile({ type: 'image/gif', size: 10 })).toBe('上传图片只能是 JPG、PNG 格式!');
    expect(validateImageFile({ type: 'image/png', size: 10 * 1024 * 1024 })).toBe('上传图片大小不能超过 10MB!');
    expect(validateImageFile({ type: 'image/jpeg', size: 2048 })).toBeNull();
  });
  it('recognises JPEG and PNG by their first bytes', () => {
    expect(looksLikeJpegOrPng(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLikeJpegOrPng(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(looksLikeJpegOrPng(new TextEncoder().encode('GIF89a'))).toBe(false);
  });
  it('adapts a rule to an antd validator that rejects with the message', async () => {
    await expect(antdRule(validateAccount).validator(null, '')).rejects.toThrow('请输入用户名、手机或邮箱');
    await expect(antdRule(validateAccount).validator(null, 'x')).resolves.toBeUndefined();
  });
});

describe('confirmPasswordRule (§5)', () => {
  const rule = (password: string | undefined) => confirmPasswordRule({ getFieldValue: (name) => (name === 'password' ? password : 'other') });

  it("accepts a confirmation that repeats the form's password", async () => {
    await expect(rule('secret1').validator(null, 'secret1')).resolves.toBeUndefined();
  });

  it('asks for the confirmation, then refuses one that differs', async () => {
    await expect(rule('secret1').validator(null, '')).rejects.toThrow(MSG.confirmRequired);
    await expect(rule('secret1').validator(null, 'secret2')).rejects.toThrow(MSG.confirmMismatch);
  });
});
