import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { favourites, lessons, members, readingRecords, uploads } from '../src/db/schema/index.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

let seq = 0;
/** A fresh logged-in member with an empty profile. */
const newMember = () => testMember(ctx, `pf_${process.pid}_${++seq}`);

const memberRow = async (id: number) => (await ctx.app.db.select().from(members).where(eq(members.id, id)))[0]!;

const BEIJING = { provinceId: '110000', cityId: '110100', districtId: '110108' };
const doctor = {
  truename: '王晓',
  identity: '执业医师',
  ...BEIJING,
  hospital: '北京大学第三医院',
  division: '心血管内科',
  joblevel: '主治医师（中级）',
  jobname: '普通医生',
  ifReceiveNejm: 1,
  ifReceiveJh: 1,
  ifReceiveDsf: 1,
};
const student = {
  truename: '李同学',
  identity: '医学生',
  provinceId: '510000',
  cityId: '510100',
  districtId: '510107',
  university: '四川大学华西医学中心',
  majors: '临床医学',
  entranceYear: '2022',
  qualification: '本科',
};
const other = {
  truename: '赵先生',
  identity: '其他',
  ...BEIJING,
  otherCompany: '某医药科技公司',
  otherDepartment: '医学部',
  otherJobname: '医学经理',
};

const save = (body: object, token: string) => ctx.post('/api/user/completeUserInfo', body, token);

describe('profile calls need a session', () => {
  it('answers 10002 without a token', async () => {
    for (const path of [
      'getUserInfo',
      'completeUserInfo',
      'updateSignAccount',
      'updateAvatar',
      'updateSubscribe',
      'selectMyFavLesson',
      'selectMyReadLesson',
    ]) {
      const res = await ctx.post(`/api/user/${path}`, {});
      assert.deepEqual(res.body, { code: 10002, msg: '登录超时，请重新登录', data: null }, path);
    }
  });
});

describe('getUserInfo', () => {
  it('gives every profile field of an empty profile, consents ticked by default', async () => {
    const m = await newMember();
    const res = await ctx.post('/api/user/getUserInfo', {}, m.token);
    assert.equal(res.body.code, 0);
    const p = res.body.data;
    assert.equal(p.id, m.id);
    assert.equal(p.identity, '');
    assert.equal(p.roleid, 0);
    for (const f of ['provinceId', 'cityId', 'districtId', 'cityidspliter', 'cityName', 'hospital', 'entranceYear', 'university']) {
      assert.equal(p[f], '', f);
    }
    assert.deepEqual([p.ifReceiveNejm, p.ifReceiveJh, p.ifReceiveDsf, p.emailUnsubscribe], [1, 1, 1, 0]);
    assert.deepEqual(p.subscribePo, { serviceTitle: '', serviceEndDate: null });
    assert.deepEqual(p.subscribe_info, { service_type: 0, service_end_date: null, auto_renew: 0 });
  });

  it("shows the demo doctor's complete profile with a real city and hospital", async () => {
    const token = await ctx.login('demo_doctor');
    const p = (await ctx.post('/api/user/getUserInfo', {}, token)).body.data;
    assert.equal(p.identity, '执业医师');
    assert.equal(p.roleid, 1);
    assert.equal(p.cityidspliter, `${p.provinceId},${p.cityId},${p.districtId}`);
    assert.ok(p.cityName.startsWith('北京市/'), p.cityName);
    const hospitals = await ctx.post('/api/jhHospital/selectAll', { p_code: p.provinceId, c_code: p.cityId });
    assert.ok(hospitals.body.data.some((h: { name: string }) => h.name === p.hospital), p.hospital);
    const tree = (await ctx.get('/api/jhDepartment/getTree')).body.data as Array<{ children: Array<{ name: string }> }>;
    assert.ok(tree.some((g) => g.children.some((c) => c.name === p.division)));
  });

  it("shows the demo reader's profile as incomplete", async () => {
    const token = await ctx.login('demo_reader');
    const p = (await ctx.post('/api/user/getUserInfo', {}, token)).body.data;
    assert.equal(p.truename, '');
    assert.equal(p.identity, '');
  });
});

describe('completeUserInfo', () => {
  it('saves a doctor: roleid 1, the joined city, 保存成功, ifNeedUpdate cleared', async () => {
    const m = await newMember();
    await ctx.app.db.update(members).set({ ifNeedUpdate: 1 }).where(eq(members.id, m.id));
    const res = await save(doctor, m.token);
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.msg, '保存成功');
    const p = res.body.data;
    assert.equal(p.roleid, 1);
    assert.equal(p.cityidspliter, '110000,110100,110108');
    assert.equal(p.cityName, '北京市/市辖区/海淀区');
    assert.equal(p.hospital, '北京大学第三医院');
    assert.equal(p.ifNeedUpdate, 0);
    assert.deepEqual(await ctx.post('/api/user/getUserInfo', {}, m.token).then((r) => r.body.data), p);
    const info = (await ctx.post('/api/user/getMemberInfo', {}, m.token)).body.data;
    assert.deepEqual([info.truename, info.identity, info.roleid, info.ifNeedUpdate], ['王晓', '执业医师', 1, 0]);
  });

  it('sets roleid by identity: student 5, other 0', async () => {
    const m = await newMember();
    assert.equal((await save(student, m.token)).body.data.roleid, 5);
    assert.equal((await save(other, m.token)).body.data.roleid, 0);
    assert.equal((await memberRow(m.id)).roleid, 0);
  });

  it("clears the fields of the identities not chosen, keeping name and city", async () => {
    const m = await newMember();
    await save(doctor, m.token);
    const asStudent = (await save({ ...student, ...BEIJING, truename: doctor.truename, hospital: '北京协和医院', otherCompany: 'x' }, m.token)).body.data;
    assert.deepEqual(
      [asStudent.hospital, asStudent.division, asStudent.joblevel, asStudent.jobname, asStudent.otherCompany],
      ['', '', '', '', ''],
    );
    assert.deepEqual([asStudent.university, asStudent.entranceYear, asStudent.truename, asStudent.cityId], ['四川大学华西医学中心', '2022', '王晓', '110100']);
    const asOther = (await save({ ...other, university: '首都医科大学' }, m.token)).body.data;
    assert.deepEqual([asOther.university, asOther.majors, asOther.entranceYear, asOther.qualification], ['', '', '', '']);
    assert.equal(asOther.otherCompany, '某医药科技公司');
    const row = await memberRow(m.id);
    assert.equal(row.university, null);
    assert.equal(row.entranceYear, null);
  });

  const cases: Array<[string, object, string]> = [
    ['no identity', { ...doctor, identity: '' }, '请选择身份'],
    ['an unknown identity', { ...doctor, identity: 'doctor' }, '请选择身份'],
    ['no name', { ...doctor, truename: '  ' }, '请输入姓名'],
    ['no city', { ...doctor, provinceId: '', cityId: '', districtId: '' }, '请选择城市'],
    ['a province only', { ...doctor, cityId: '' }, '请选择城市'],
    ['doctor without hospital', { ...doctor, hospital: '' }, '请选择医院'],
    ['doctor without division', { ...doctor, division: '' }, '请选择科室'],
    ['doctor with a division outside the tree', { ...doctor, division: '不存在的科' }, '请选择科室'],
    ['doctor without job level', { ...doctor, joblevel: '' }, '请选择职称'],
    ['doctor with a job level not offered', { ...doctor, joblevel: '教授' }, '请选择职称'],
    ['doctor without job title', { ...doctor, jobname: '' }, '请选择职务'],
    ['doctor with a job title not offered', { ...doctor, jobname: '董事长' }, '请选择职务'],
    ['student without university', { ...student, university: '' }, '请选择学校'],
    ['student without majors', { ...student, majors: '' }, '请输入专业'],
    ['student without entrance year', { ...student, entranceYear: '' }, '请选择学年份'],
    ['student with a malformed year', { ...student, entranceYear: '22' }, '请选择学年份'],
    ['student without qualification', { ...student, qualification: '' }, '请选择学历'],
    ['student with a qualification not offered', { ...student, qualification: '小学' }, '请选择学历'],
    ['other without company', { ...other, otherCompany: '' }, '请输入单位'],
    ['other without department', { ...other, otherDepartment: '' }, '请输入部门'],
    ['other without job', { ...other, otherJobname: '' }, '请输入职务'],
    ['a city of another province', { ...doctor, provinceId: '310000' }, '所选城市不存在，请重新选择'],
    ['a district of another city', { ...doctor, districtId: '310104' }, '所选城市不存在，请重新选择'],
    ['codes not in the tree', { ...doctor, provinceId: '990000', cityId: '990100', districtId: '' }, '所选城市不存在，请重新选择'],
    ['a consent that is not 0 or 1', { ...doctor, ifReceiveJh: 2 }, '订阅选项不正确'],
    ['a name too long', { ...doctor, truename: '长'.repeat(33) }, '姓名不能超过32个字'],
  ];
  for (const [name, body, msg] of cases) {
    it(`refuses ${name} with ${msg}, writing nothing`, async () => {
      const m = await newMember();
      const before = await memberRow(m.id);
      const res = await save(body, m.token);
      assert.deepEqual(res.body, { code: 10001, msg, data: null });
      assert.deepEqual(await memberRow(m.id), before);
    });
  }

  it('refuses an entrance year in the future, accepts this year', async () => {
    const m = await newMember();
    const year = new Date(ctx.clock.now().getTime() + 8 * 3600_000).getUTCFullYear();
    const future = await save({ ...student, entranceYear: String(year + 1) }, m.token);
    assert.deepEqual(future.body, { code: 10001, msg: '入学年份不能晚于今年', data: null });
    const now = await save({ ...student, entranceYear: String(year) }, m.token);
    assert.equal(now.body.data.entranceYear, String(year));
  });

  it('accepts a city without districts (东莞) and a number as entrance year', async () => {
    const m = await newMember();
    const res = await save({ ...student, provinceId: '440000', cityId: '441900', districtId: '', entranceYear: 2021 }, m.token);
    assert.equal(res.body.code, 0, JSON.stringify(res.body));
    assert.equal(res.body.data.cityidspliter, '440000,441900');
    assert.equal(res.body.data.cityName, '广东省/东莞市');
    assert.equal(res.body.data.entranceYear, '2021');
  });

  it('sets emailUnsubscribe 1 only when all three consents are off', async () => {
    const m = await newMember();
    const none = (await save({ ...doctor, ifReceiveNejm: 0, ifReceiveJh: 0, ifReceiveDsf: 0 }, m.token)).body.data;
    assert.equal(none.emailUnsubscribe, 1);
    const one = (await save({ ...doctor, ifReceiveNejm: 0, ifReceiveJh: 0, ifReceiveDsf: 1 }, m.token)).body.data;
    assert.equal(one.emailUnsubscribe, 0);
  });

  it('ignores a memberId in the body: the caller is the token', async () => {
    const a = await newMember();
    const b = await newMember();
    await save({ ...doctor, memberId: b.id, id: b.id }, a.token);
    assert.equal((await memberRow(a.id)).truename, '王晓');
    assert.equal((await memberRow(b.id)).truename, '');
  });
});

describe('updateSignAccount', () => {
  it('changes the username (修改成功) and the new name logs in', async () => {
    const m = await newMember();
    await ctx.app.db
      .update(members)
      .set({ passwordHash: (await ctx.app.db.select().from(members).where(eq(members.username, 'demo_reader')))[0]!.passwordHash })
      .where(eq(members.id, m.id));
    const name = `新名字${seq}`;
    const res = await ctx.post('/api/user/updateSignAccount', { membername: `  ${name} ` }, m.token);
    assert.equal(res.body.code, 0);
    assert.equal(res.body.msg, '修改成功');
    assert.equal(res.body.data.membername, name);
    await ctx.login(name);
  });

  it('refuses blank, taken and ill-shaped names', async () => {
    const m = await newMember();
    const cases: Array<[unknown, string]> = [
      [undefined, '请输入用户名'],
      ['   ', '请输入用户名'],
      ['demo_doctor', '该用户名已被使用，请换一个'],
      ['a', '用户名长度应为2到20个字符'],
      ['a'.repeat(21), '用户名长度应为2到20个字符'],
      ['has space', '用户名不能包含空格或@'],
      ['me@example.com', '用户名不能包含空格或@'],
      ['13900000000', '用户名不能全为数字'],
    ];
    for (const [membername, msg] of cases) {
      const res = await ctx.post('/api/user/updateSignAccount', { membername }, m.token);
      assert.deepEqual(res.body, { code: 10001, msg, data: null }, String(membername));
    }
  });
});

describe('updateAvatar', () => {
  const addUpload = async (memberId: number, key: string) => {
    const url = `/api/uploads/${key}`;
    await ctx.app.db.insert(uploads).values({
      memberId,
      storageKey: key,
      thumbKey: key.replace('.png', '_w300.png'),
      url,
      thumbUrl: url.replace('.png', '_w300.png'),
      contentType: 'image/png',
      byteSize: 100,
      width: 10,
      height: 10,
    });
    return url;
  };

  it("takes only a URL of the member's own upload", async () => {
    const m = await newMember();
    const someoneElse = await newMember();
    const mine = await addUpload(m.id, `2026/01/${m.id}mine.png`);
    const theirs = await addUpload(someoneElse.id, `2026/01/${someoneElse.id}theirs.png`);

    for (const [avatar, msg] of [
      ['', '请先上传头像图片'],
      ['https://evil.example.com/x.png', '头像图片无效，请重新上传'],
      [theirs, '头像图片无效，请重新上传'],
      ['javascript:alert(1)', '头像图片无效，请重新上传'],
    ] as const) {
      const res = await ctx.post('/api/user/updateAvatar', { avatar }, m.token);
      assert.deepEqual(res.body, { code: 10001, msg, data: null }, avatar);
    }
    assert.equal((await memberRow(m.id)).avatar, '');

    const res = await ctx.post('/api/user/updateAvatar', { avatar: mine }, m.token);
    assert.equal(res.body.code, 0);
    assert.equal(res.body.msg, '修改成功');
    assert.equal(res.body.data.avatar, mine);
    assert.equal((await ctx.post('/api/user/getMemberInfo', {}, m.token)).body.data.avatar, mine);
  });
});

describe('updateSubscribe', () => {
  it('saves ticking, says 已成功取消! on unticking, and keeps emailUnsubscribe in step', async () => {
    const m = await newMember();
    const off = await ctx.post('/api/user/updateSubscribe', { ifReceiveNejm: 0, ifReceiveJh: 1, ifReceiveDsf: 1 }, m.token);
    assert.equal(off.body.code, 0);
    assert.equal(off.body.msg, '已成功取消!');
    assert.equal(off.body.data.ifReceiveNejm, 0);
    const allOff = await ctx.post('/api/user/updateSubscribe', { ifReceiveNejm: 0, ifReceiveJh: 0, ifReceiveDsf: 0 }, m.token);
    assert.equal(allOff.body.data.emailUnsubscribe, 1);
    const on = await ctx.post('/api/user/updateSubscribe', { ifReceiveNejm: 1, ifReceiveJh: 0, ifReceiveDsf: 0 }, m.token);
    assert.equal(on.body.msg, '保存成功');
    assert.equal(on.body.data.emailUnsubscribe, 0);
    const row = await memberRow(m.id);
    assert.deepEqual([row.ifReceiveNejm, row.ifReceiveJh, row.ifReceiveDsf], [1, 0, 0]);
  });

  it('needs all three consents as 0 or 1', async () => {
    const m = await newMember();
    for (const body of [{ ifReceiveNejm: 1, ifReceiveJh: 1 }, { ifReceiveNejm: 1, ifReceiveJh: 1, ifReceiveDsf: 3 }]) {
      const res = await ctx.post('/api/user/updateSubscribe', body, m.token);
      assert.deepEqual(res.body, { code: 10001, msg: '订阅选项不正确', data: null });
    }
  });
});

describe('my lesson lists', () => {
  it('lists favourite and viewed lessons newest first, filtered by date and course type', async () => {
    const m = await newMember();
    const all = await ctx.app.db.select().from(lessons).where(eq(lessons.status, 1)).orderBy(asc(lessons.id));
    const single = all.find((l) => l.subjectSerType === 1)!;
    const series = all.find((l) => l.subjectSerType === 2)!;
    const t = ctx.clock.now().getTime();
    const day = 24 * 3600_000;
    await ctx.app.db.insert(favourites).values([
      { memberId: m.id, kind: 'lesson', itemId: single.lessonResId, createdAt: new Date(t - 10 * day) },
      { memberId: m.id, kind: 'lesson', itemId: series.lessonResId, createdAt: new Date(t - day) },
    ]);
    await ctx.app.db.insert(readingRecords).values([{ memberId: m.id, kind: 'lesson', itemId: single.lessonResId, readAt: new Date(t) }]);

    const fav = await ctx.post('/api/user/selectMyFavLesson', { pageNo: 1, pageSize: 20 }, m.token);
    assert.equal(fav.body.code, 0);
    assert.deepEqual(
      fav.body.data.results.map((r: { lessonResId: number }) => r.lessonResId),
      [series.lessonResId, single.lessonResId],
    );
    assert.ok(fav.body.data.results.every((r: { ifFav: number }) => r.ifFav === 1));
    assert.equal(fav.body.data.page.total, 2);

    const onlySingle = await ctx.post('/api/user/selectMyFavLesson', { pageNo: 1, pageSize: 20, subjectSerType: [1] }, m.token);
    assert.deepEqual(onlySingle.body.data.results.map((r: { id: number }) => r.id), [single.id]);

    const ymd = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    const lastTwoDays = await ctx.post(
      '/api/user/selectMyFavLesson',
      { pageNo: 1, pageSize: 20, startDate: ymd(t - 2 * day), endDate: ymd(t) },
      m.token,
    );
    assert.deepEqual(lastTwoDays.body.data.results.map((r: { id: number }) => r.id), [series.id]);

    const read = await ctx.post('/api/user/selectMyReadLesson', { pageNo: 1, pageSize: 20 }, m.token);
    assert.deepEqual(read.body.data.results.map((r: { id: number; ifFav: number }) => [r.id, r.ifFav]), [[single.id, 1]]);
  });

  it('refuses a bad course type or half a date range', async () => {
    const m = await newMember();
    const bad = await ctx.post('/api/user/selectMyReadLesson', { pageNo: 1, pageSize: 20, subjectSerType: [9] }, m.token);
    assert.deepEqual(bad.body, { code: 10001, msg: '课程类型不正确', data: null });
    const half = await ctx.post('/api/user/selectMyFavLesson', { pageNo: 1, pageSize: 20, startDate: '20250101' }, m.token);
    assert.deepEqual(half.body, { code: 10001, msg: '开始日期和结束日期需同时填写', data: null });
  });
});
