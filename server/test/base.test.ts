import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp({
    configure(app) {
      // A route that fails the way a bug would, to see what the client gets.
      app.post('/api/test/boom', async () => {
        throw new Error('secret detail: connection string postgres://user:pw@db');
      });
    },
  });
});
after(() => ctx?.close());

describe('base endpoints', () => {
  it('reports health with the database checked', async () => {
    const res = await ctx.get('/api/health');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { code: 0, msg: 'success', data: { status: 'ok', db: 'ok' } });
  });

  it('gives the public site config', async () => {
    const res = await ctx.get('/api/base/siteConfig');
    assert.deepEqual(res.body, {
      code: 0,
      msg: 'success',
      data: {
        downloadIosUrl: 'https://apps.example.com/qianyan',
        downloadAndroidUrl: '/downloads/qianyan.apk',
        medicalHumanitiesUrl: 'https://humanities.example.com/',
        membershipBaseUrl: '',
      },
    });
  });

  it('publishes an OpenAPI document listing the endpoints', async () => {
    const res = await ctx.get('/api/docs/json');
    assert.equal(res.status, 200);
    for (const path of [
      '/api/login/login',
      '/api/login/userLogout',
      '/api/user/getMemberInfo',
      '/api/article/selectArticleClass',
      '/api/article/selectArticleList',
      '/api/lesson/selectLessonList',
      '/api/health',
      '/api/base/siteConfig',
      '/index.php',
    ]) {
      assert.ok(res.body.paths[path], `${path} is documented`);
    }
  });
});

describe('envelope and errors', () => {
  it('answers an unknown /api path with 404 and code 10004', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/no/such/thing' });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { code: 10004, msg: '内容不存在', data: null });
    }
  });

  it('answers a known path called with the wrong method with 10405', async () => {
    const res = await ctx.get('/api/login/login');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { code: 10405, msg: '请求方式不支持！', data: null });
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/article/selectArticleList', payload: {} });
    assert.deepEqual(put.json(), { code: 10405, msg: '请求方式不支持！', data: null });
    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/health' });
    assert.equal(del.json().code, 10405);
  });

  it('turns an unexpected fault into 500 / 50000 without details, and logs the details', async () => {
    const res = await ctx.post('/api/test/boom', {});
    assert.equal(res.status, 500);
    assert.deepEqual(res.body, { code: 50000, msg: '网络繁忙，请稍后！', data: null });
    assert.ok(!JSON.stringify(res.body).includes('secret'));
    assert.ok(ctx.logs.some((line) => line.includes('secret detail')), 'the error is in the log');
  });

  it('answers malformed JSON with 10001 on HTTP 200', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/article/selectArticleList',
      headers: { 'content-type': 'application/json' },
      payload: '{"pageNo": 1,',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().code, 10001);
    assert.equal(res.json().data, null);
  });

  it('accepts an empty JSON body on POST endpoints without parameters', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/article/selectArticleClass',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().code, 0);
  });

  it('uses the envelope shape for every success', async () => {
    const res = await ctx.post('/api/article/selectArticleClass');
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'msg']);
    assert.equal(res.body.code, 0);
    assert.equal(res.body.msg, 'success');
  });
});

describe('web serving without a built front end', () => {
  const html = { accept: 'text/html' };

  it('says the front end is not built, at / and for app routes', async () => {
    const res = await ctx.get('/', html);
    assert.equal(res.status, 200);
    assert.match(res.text, /npm run build/);
    const deep = await ctx.get('/article-info', html);
    assert.match(deep.text, /npm run build/);
    const remotes = await ctx.get('/remotes.json');
    assert.equal(remotes.status, 404);
  });
});
