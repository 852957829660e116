import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx?.close());

describe('membership endpoint /index.php', () => {
  it('lists the four plans and the benefits in the provider shape (GET and POST)', async () => {
    const url = '/index.php?c=program&m=getServiceList&ut=1&sf=pc&token=';
    const res = await ctx.get(url);
    assert.equal(res.status, 200);
    const body = res.body;
    assert.deepEqual(Object.keys(body).sort(), ['equitylist', 'msg', 'result', 'servicelsit']);
    assert.equal(body.result, 1);
    assert.equal(body.msg, 'success');
    const byType = Object.fromEntries(body.servicelsit.map((p: { type: number }) => [p.type, p]));
    assert.deepEqual(Object.keys(byType).sort(), ['1', '2', '3', '4']);
    assert.deepEqual(
      [1, 2, 3, 4].map((t) => [byType[t].price, byType[t].price_fen]),
      [
        ['35.00', 3500],
        ['300.00', 30000],
        ['25.00', 2500],
        ['200.00', 20000],
      ],
    );
    for (const plan of body.servicelsit) {
      assert.deepEqual(Object.keys(plan).sort(), [
        'id',
        'intro',
        'member_equity_id',
        'mobile_img',
        'pc_img',
        'price',
        'price_fen',
        'title',
        'type',
      ]);
      const equityIds = new Set(body.equitylist.map((e: { id: number }) => e.id));
      for (const id of plan.member_equity_id.split(',')) assert.ok(equityIds.has(Number(id)));
    }
    assert.ok(body.equitylist.length >= 4);
    for (const e of body.equitylist) assert.deepEqual(Object.keys(e).sort(), ['icon', 'id', 'infos', 'title']);

    const viaPost = await ctx.app.inject({ method: 'POST', url });
    assert.deepEqual(viaPost.json(), body);
  });

  it('answers an unknown c/m with result 0 and 请求方式不支持！', async () => {
    for (const url of ['/index.php?c=program&m=noSuchMethod', '/index.php?c=nope&m=getServiceList', '/index.php']) {
      const res = await ctx.get(url);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { result: 0, msg: '请求方式不支持！' });
    }
    const put = await ctx.app.inject({ method: 'PUT', url: '/index.php?c=program&m=getServiceList' });
    assert.deepEqual(put.json(), { result: 0, msg: '请求方式不支持！' });
  });

  it('accepts a session token in the query', async () => {
    const token = await ctx.login('demo_member');
    const res = await ctx.get(`/index.php?c=program&m=getServiceList&ut=1&sf=pc&token=${token}`);
    assert.equal(res.body.result, 1);
  });
});
