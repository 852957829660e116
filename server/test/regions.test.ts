import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HOSPITAL_ROWS, UNIVERSITY_ROWS } from '../src/modules/regions/institutions.js';
import { regionTree } from '../src/modules/regions/tree.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

type Node = { code: string; name: string; children?: Node[] };

describe('region tree', () => {
  it('is province → city → district with six-digit codes, cached a day', async () => {
    const res = await ctx.get('/api/jhRegion/getTree?_t=1');
    assert.equal(res.status, 200);
    assert.equal(res.body.code, 0);
    assert.match(String(res.headers['cache-control']), /max-age=86400/);
    const tree = res.body.data as Node[];
    assert.equal(tree.length, 31, 'the 31 provinces, municipalities and autonomous regions of the mainland');
    const beijing = tree.find((p) => p.name === '北京市')!;
    assert.equal(beijing.code, '110000');
    assert.deepEqual(
      beijing.children!.map((c) => [c.code, c.name]),
      [['110100', '市辖区']],
    );
    assert.ok(beijing.children![0]!.children!.some((d) => d.code === '110101' && d.name === '东城区'));
    const guangdong = tree.find((p) => p.code === '440000')!;
    const shenzhen = guangdong.children!.find((c) => c.code === '440300')!;
    assert.equal(shenzhen.name, '深圳市');
    assert.ok(shenzhen.children!.some((d) => d.code === '440305' && d.name === '南山区'));
    // 东莞 has towns, not districts: it is a leaf city.
    const dongguan = guangdong.children!.find((c) => c.name === '东莞市')!;
    assert.equal(dongguan.code, '441900');
    assert.equal(dongguan.children, undefined);
    for (const p of tree) {
      assert.match(p.code, /^\d{2}0000$/);
      for (const c of p.children ?? []) {
        assert.equal(c.code.slice(0, 2), p.code.slice(0, 2));
        assert.match(c.code, /^\d{4}00$/);
        for (const d of c.children ?? []) assert.equal(d.code.slice(0, 4), c.code.slice(0, 4));
      }
    }
  });

  it('answers a conditional request with 304', async () => {
    const first = await ctx.get('/api/jhRegion/getTree');
    const etag = String(first.headers.etag);
    const again = await ctx.get('/api/jhRegion/getTree', { 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
  });
});

describe('hospitals and universities', () => {
  it('lists real hospitals of a city, with the chosen district first', async () => {
    const res = await ctx.post('/api/jhHospital/selectAll', { p_code: '110000', c_code: '110100', a_code: '110108' });
    assert.equal(res.body.code, 0);
    const names = res.body.data.map((h: { name: string }) => h.name);
    assert.ok(names.includes('北京协和医院'));
    assert.ok(names.includes('北京大学第三医院'));
    assert.deepEqual(
      res.body.data.slice(0, 2).map((h: { a_code: string }) => h.a_code),
      ['110108', '110108'],
    );
    for (const h of res.body.data) {
      assert.equal(h.p_code, '110000');
      assert.equal(h.c_code, '110100');
      assert.equal(typeof h.id, 'number');
    }
    const all = await ctx.post('/api/jhHospital/selectAll', { p_code: '110000', c_code: '110100' });
    assert.equal(all.body.data.length, res.body.data.length, 'the district orders, it does not filter');
  });

  it('lists universities with medical schools of a city', async () => {
    const res = await ctx.post('/api/jhUniversity/selectAll', { p_code: '510000', c_code: '510100' });
    assert.equal(res.body.code, 0);
    assert.ok(res.body.data.some((u: { name: string }) => u.name === '四川大学华西医学中心'));
  });

  it('covers the twelve major cities', async () => {
    const cities = ['110100', '310100', '440100', '440300', '510100', '420100', '330100', '320100', '610100', '500100', '120100', '430100'];
    for (const c of cities) {
      assert.ok(HOSPITAL_ROWS.filter((h) => h.c_code === c).length >= 5, `hospitals of ${c}`);
      assert.ok(UNIVERSITY_ROWS.filter((u) => u.c_code === c).length >= 3, `universities of ${c}`);
    }
  });

  it('places every institution in a real district of its city, under a unique id', () => {
    const tree = regionTree();
    const ids = new Set<number>();
    for (const row of [...HOSPITAL_ROWS, ...UNIVERSITY_ROWS]) {
      const district = tree.byCode.get(row.a_code);
      assert.ok(district, `${row.name}: ${row.a_code}`);
      assert.deepEqual(
        district.path.map((n) => n.code),
        [row.p_code, row.c_code, row.a_code],
        row.name,
      );
      assert.ok(!ids.has(row.id), `id ${row.id} is unique`);
      ids.add(row.id);
    }
  });

  it('gives an empty list for a real city with no institutions listed', async () => {
    const res = await ctx.post('/api/jhHospital/selectAll', { p_code: '650000', c_code: '650200' });
    assert.deepEqual(res.body, { code: 0, msg: 'success', data: [] });
    const uni = await ctx.post('/api/jhUniversity/selectAll', { p_code: '650000', c_code: '650200' });
    assert.deepEqual(uni.body.data, []);
  });

  it('asks for a city first, and refuses codes that are not a city of the province', async () => {
    for (const body of [{}, { p_code: '110000' }, { p_code: '', c_code: '110100' }]) {
      const res = await ctx.post('/api/jhHospital/selectAll', body);
      assert.deepEqual(res.body, { code: 10001, msg: '请选择城市', data: null });
    }
    for (const body of [{ p_code: '110000', c_code: '310100' }, { p_code: '999999', c_code: '110100' }, { p_code: '110000', c_code: '110101' }]) {
      const res = await ctx.post('/api/jhUniversity/selectAll', body);
      assert.deepEqual(res.body, { code: 10001, msg: '所选城市不存在，请重新选择', data: null });
    }
  });
});

describe('department tree', () => {
  it('groups departments with unique leaf names', async () => {
    const res = await ctx.get('/api/jhDepartment/getTree');
    assert.equal(res.body.code, 0);
    const tree = res.body.data as Array<{ id: number; name: string; children: Array<{ id: number; name: string }> }>;
    const internal = tree.find((g) => g.name === '内科')!;
    assert.ok(internal.children.some((c) => c.name === '心血管内科'));
    assert.ok(internal.children.some((c) => c.name === '呼吸内科'));
    for (const group of ['外科', '妇产科', '儿科', '肿瘤科', '医技']) assert.ok(tree.some((g) => g.name === group), group);
    const leaves = tree.flatMap((g) => g.children.map((c) => c.name));
    assert.equal(new Set(leaves).size, leaves.length);
  });
});
