import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { MAX_PAGE_NO } from '../src/lib/lists.js';
import { ErrorCode, Messages } from '../src/lib/errors.js';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../src/lib/inputLimits.js';
import { createTestApp, type TestContext } from './helpers.js';

const NUL = 'a\u0000b';
const CHINESE = /[\u4e00-\u9fff]/;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
};

/** Paths (property names, '[]' for an array item) to every string a schema accepts. */
function stringPaths(schema: Schema | undefined, prefix: string[] = []): string[][] {
  if (!schema) return [];
  const found: string[][] = [];
  const types = [schema.type ?? []].flat();
  if (types.includes('string')) found.push(prefix);
  for (const [name, child] of Object.entries(schema.properties ?? {})) found.push(...stringPaths(child, [...prefix, name]));
  if (schema.items) found.push(...stringPaths(schema.items, [...prefix, '[]']));
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    for (const p of stringPaths(alt, prefix)) if (!found.some((f) => f.join('/') === p.join('/'))) found.push(p);
  }
  return found;
}

/** A body holding `value` at `path` ('[]' makes a one-item array). */
function bodyWith(path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return head === '[]' ? [bodyWith(rest, value)] : { [head!]: bodyWith(rest, value) };
}

interface Probe {
  label: string;
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** Membership endpoint methods (spec §7.6) and the parameters each reads. */
const PROVIDER_METHODS: Record<string, string[]> = {
  'program.getServiceList': ['ut'],
  'program.articleUseMonthChance': ['id', 'type'],
  'program.getServiceOrderList': ['page', 'per_page'],
  'program.deleteServiceOrder': ['id'],
  'program.getServiceInfo': ['id'],
  'program.getMyAddress': [],
  'program.addOrModifyAddress': ['sh_name', 'sh_phone', 'sh_address', 'pro_id', 'city_id', 'area_id'],
  'program.getsubscribeQaList': [],
  'program.cancelAutoRenew': ['id'],
  'pay.index': ['service_id', 'return_url'],
  'pay.h5index': ['service_id', 'return_url'],
  'pay.notifypay': ['ordersn'],
  'pay.orderJsApiPay': ['openid', 'service_id'],
  'pay.getJssdkConfig': ['url'],
  'pay.getOpenId': ['code'],
  'qrcode.createInfo': ['result_data'],
  'qrcode.getInfo': ['id', 'token'],
  'qrcode.updateStatus': ['id', 'status', 'token'],
  'alipay.memberOrderWapPay': ['service_id', 'qrcode_id', 'token'],
  'alipay.memberOrderPagePay': ['service_id', 'qrcode_id', 'token'],
  'alipay.memberOrderSignPay': ['service_id', 'qrcode_id', 'token'],
};

/** Routes left out of the API document (dev pages, sandbox cashier) that still read strings. */
const UNDOCUMENTED: Probe[] = [
  { label: 'GET /dev/outbox ?to', method: 'GET', url: '/dev/outbox?to=a%00b' },
  { label: 'GET /dev/wechat/authorize ?state', method: 'GET', url: '/dev/wechat/authorize?state=a%00b&redirect_uri=a%00b' },
  { label: 'GET /dev/wechat/confirm ?state', method: 'GET', url: '/dev/wechat/confirm?state=a%00b&redirect_uri=a%00b' },
  { label: 'GET /dev/cashier/:outTradeNo', method: 'GET', url: '/dev/cashier/a%00b' },
  { label: 'POST /dev/cashier/:outTradeNo/pay', method: 'POST', url: '/dev/cashier/a%00b/pay', payload: 'back=%2F' },
];

describe('hostile input', () => {
  let ctx: TestContext;
  let token: string;
  /** The editorial console's routes answer staff only: they are called as an admin. */
  let staffToken: string;
  const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

  before(async () => {
    ctx = await createTestApp({
      configure(app) {
        // Reaches the database with a value no validation looked at (raw string body), as a
        // route with a gap in its rules would.
        app.post('/api/test/unchecked', { schema: { hide: true } }, async (request) => {
          const value = JSON.parse(String(request.body)) as { text?: string; offset?: string };
          if (value.text !== undefined) await app.db.execute(sql`select ${value.text}::text`);
          if (value.offset !== undefined) await app.db.execute(sql`select 1 offset ${value.offset}::bigint`);
          return { code: 0, msg: 'success', data: null };
        });
      },
    });
    token = await ctx.login('demo_member');
    staffToken = await ctx.login('demo_admin');
  });
  after(async () => {
    await ctx?.close();
  });

  const send = async (probe: Probe, withToken = true) => {
    // A probe may end the session (logout, password change) on code that does not refuse it.
    if (withToken && !(await ctx.app.sessions.resolve(token))) token = await ctx.login('demo_member');
    const res = await ctx.app.inject({
      method: probe.method as 'GET',
      url: probe.url,
      headers: { ...(withToken ? { authorization: `Bearer ${probe.url.startsWith('/api/editor/') ? staffToken : token}` } : {}), ...probe.headers },
      ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
    });
    let body: Record<string, unknown> | undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, text: res.body };
  };

  const isProvider = (url: string) => url.startsWith('/index.php');
  /** A refusal in the envelope (or the provider shape) with the parameter-error message. */
  const refusedAsBadParameter = (url: string, reply: Awaited<ReturnType<typeof send>>) =>
    reply.status < 500 &&
    (isProvider(url)
      ? reply.body?.result === 0 && reply.body?.msg === Messages.badParameter
      : reply.body?.code === ErrorCode.badParameter && reply.body?.msg === Messages.badParameter);

  /** Every documented route with a NUL in each string it takes (body fields, query parameters). */
  function nulProbes(): Probe[] {
    const doc = (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, any>> } }).swagger();
    const probes: Probe[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (path === '/index.php') continue;
      for (const [method, op] of Object.entries(operations)) {
        const verb = method.toUpperCase();
        const bodySchema: Schema | undefined = op.requestBody?.content?.['application/json']?.schema;
        const queryNames: string[] = (op.parameters ?? [])
          .filter((p: { in: string; schema?: Schema }) => p.in === 'query' && stringPaths(p.schema).length > 0)
          .map((p: { name: string }) => p.name);
        const paths = stringPaths(bodySchema);
        for (const p of paths) probes.push({ label: `${verb} ${path} body ${p.join('.')}`, method: verb, url: path, payload: bodyWith(p, NUL) });
        for (const q of queryNames) probes.push({ label: `${verb} ${path} ?${q}`, method: verb, url: `${path}?${q}=a%00b` });
        if (paths.length === 0 && queryNames.length === 0) {
          // No declared string: an undeclared one still must not reach a query.
          probes.push(
            verb === 'GET'
              ? { label: `${verb} ${path} ?extra`, method: verb, url: `${path}?extra=a%00b` }
              : { label: `${verb} ${path} body extra`, method: verb, url: path, payload: { extra: NUL } },
          );
        }
      }
    }
    for (const [cm, params] of Object.entries(PROVIDER_METHODS)) {
      const [c, m] = cm.split('.');
      const base = `/index.php?c=${c}&m=${m}&sf=pc`;
      for (const param of [...params, 'sf']) {
        probes.push({ label: `GET /index.php ${cm} ?${param}`, method: 'GET', url: `${base}&${param}=a%00b` });
        if (param !== 'sf') probes.push({ label: `POST /index.php ${cm} body ${param}`, method: 'POST', url: base, payload: { [param]: NUL } });
      }
      probes.push({ label: `GET /index.php ${cm} ?token`, method: 'GET', url: `${base}&token=a%00b` });
    }
    probes.push({
      label: 'POST /index.php qrcode.createInfo form result_data',
      method: 'POST',
      url: '/index.php?c=qrcode&m=createInfo&sf=pc',
      payload: `result_data=${encodeURIComponent(JSON.stringify({ service_id: 1, token: NUL }))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    probes.push({
      label: 'POST /index.php addOrModifyAddress form sh_address',
      method: 'POST',
      url: '/index.php?c=program&m=addOrModifyAddress&sf=pc',
      payload: 'sh_name=a&sh_phone=13800000000&pro_id=110000&city_id=110100&area_id=110101&sh_address=a%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // Headers read as input: the session token (both headers) and the user agent kept with a session.
    probes.push({ label: 'POST /api/user/getMemberInfo token header', method: 'POST', url: '/api/user/getMemberInfo', headers: { token: NUL } });
    probes.push({
      label: 'POST /api/login/login user-agent header',
      method: 'POST',
      url: '/api/login/login',
      payload: { accountName: 'demo_member', password: 'Qianyan#2026' },
      headers: { 'user-agent': NUL },
    });
    return probes;
  }

  it(`answers a NUL in any string of any route with the parameter error, never 5xx (${driver})`, async () => {
    const probes = [...nulProbes(), ...UNDOCUMENTED];
    assert.ok(probes.length > 150, `only ${probes.length} probes: the route list was not read`);
    const failed: string[] = [];
    const notRefused: string[] = [];
    for (const probe of probes) {
      const reply = await send(probe);
      if (reply.status >= 500) failed.push(`${probe.label} → ${reply.status}`);
      else if (!refusedAsBadParameter(probe.url, reply)) {
        // Dev pages may be switched off (404); anything else must be the parameter error.
        const devOff = probe.url.includes('/dev/') && reply.status === 404 && CHINESE.test(String(reply.body?.msg ?? ''));
        if (!devOff) notRefused.push(`${probe.label} → ${reply.status} ${reply.text.slice(0, 120)}`);
      }
    }
    assert.deepEqual(failed, [], `${failed.length} of ${probes.length} probes answered 5xx`);
    assert.deepEqual(notRefused, [], `${notRefused.length} of ${probes.length} probes not refused`);
  });

  it(`answers a value the database refuses with the parameter error, not a fault (${driver})`, async () => {
    for (const payload of [{ text: NUL }, { offset: '9300000000000000000' }, { offset: '1e300' }]) {
      const reply = await send({
        label: 'unchecked',
        method: 'POST',
        url: '/api/test/unchecked',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(reply.status, 200, reply.text);
      assert.deepEqual(reply.body, { code: ErrorCode.badParameter, msg: Messages.badParameter, data: null });
    }
    const ok = await send({ label: 'fine', method: 'POST', url: '/api/test/unchecked', payload: '{"text":"x"}', headers: { 'content-type': 'text/plain' } });
    assert.equal(ok.body?.code, 0);
  });

  it(`still takes tabs, new lines and ordinary text (${driver})`, async () => {
    const reply = await send({
      label: 'search with a tab',
      method: 'POST',
      url: '/api/article/selectArticleList',
      payload: { pageNo: 1, pageSize: 10, searchInfo: '心衰\t治疗\n' },
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.body?.code, 0);
  });

  describe('deeply nested bodies', () => {
    const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const deepArray = (depth: number) => `{"pageNo":1,"sourceIds":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const cases: Probe[] = [
      { label: 'login, object', method: 'POST', url: '/api/login/login', payload: deepObject(5000) },
      { label: 'article list, array', method: 'POST', url: '/api/article/selectArticleList', payload: deepArray(5000) },
      { label: 'article list, object', method: 'POST', url: '/api/article/selectArticleList', payload: deepObject(5000) },
      { label: 'profile, object', method: 'POST', url: '/api/user/completeUserInfo', payload: deepObject(5000) },
      { label: 'address, object', method: 'POST', url: '/index.php?c=program&m=addOrModifyAddress&sf=pc', payload: deepObject(5000) },
      { label: 'register, 100 000 deep', method: 'POST', url: '/api/user/register', payload: deepArray(100_000) },
    ];
    for (const probe of cases) {
      it(`refuses a 5,000-deep JSON body quickly: ${probe.label} (${driver})`, async () => {
        // The fastest of three, so the figure is the work done rather than a busy machine's pause.
        let fastest = Infinity;
        for (let round = 0; round < 3; round++) {
          const started = performance.now();
          const reply = await send({ ...probe, headers: { 'content-type': 'application/json' } });
          fastest = Math.min(fastest, performance.now() - started);
          assert.ok(reply.status < 500, `${reply.status} ${reply.text.slice(0, 200)}`);
          assert.ok(refusedAsBadParameter(probe.url, reply), reply.text.slice(0, 200));
        }
        assert.ok(fastest < 100, `${fastest.toFixed(1)} ms`);
      });
    }

    it(`refuses a deeply nested form body (${driver})`, async () => {
      const key = `a${'[b]'.repeat(5000)}`;
      for (const url of ['/index.php?c=qrcode&m=createInfo&sf=pc', '/api/login/login']) {
        const reply = await send({
          label: 'form',
          method: 'POST',
          url,
          payload: `${encodeURIComponent(key)}=1&result_data=${encodeURIComponent(deepObject(5000))}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        assert.ok(reply.status < 500, `${url}: ${reply.status}`);
        assert.ok(CHINESE.test(String(reply.body?.msg ?? '')), `${url}: ${reply.text.slice(0, 200)}`);
      }
    });

    it(`takes a body nested up to the limit (${driver})`, async () => {
      const reply = await send({
        label: 'nested extra',
        method: 'POST',
        url: '/api/article/selectArticleList',
        payload: `{"pageNo":1,"extra":${deepObject(MAX_JSON_DEPTH - 1)}}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(reply.body?.code, 0, reply.text.slice(0, 200));
    });
  });

  describe('paging bounds', () => {
    const LIST_ROUTES = [
      '/api/article/selectArticleList',
      '/api/user/selectMyFavArticle',
      '/api/user/selectMyReadArticle',
      '/api/advert/selectAdvertList',
      '/api/hotRead/selectHotReadList',
      '/api/article/selectQiKanList',
      '/api/lesson/selectLessonList',
      '/api/ConferenceAdvance/list',
      '/api/user/selectMyFavLesson',
      '/api/user/selectMyReadLesson',
      '/api/editor/article/list',
      '/api/editor/audit/list',
      '/api/editor/issue/list',
      '/api/editor/glossary/list',
      '/api/editor/media/list',
      '/api/editor/courses/list',
      '/api/editor/conferences/list',
      '/api/editor/members/search',
      '/api/editor/orders/list',
    ];

    it(`knows every list route (${driver})`, () => {
      const doc = (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, any>> } }).swagger();
      const withPaging = Object.entries(doc.paths)
        .filter(([, ops]) => Object.values(ops).some((op) => op.requestBody?.content?.['application/json']?.schema?.properties?.pageNo))
        .map(([path]) => path)
        .sort();
      assert.deepEqual(withPaging, [...LIST_ROUTES].sort());
    });

    /** What a list needs besides paging. */
    const required = (url: string) => url === '/api/advert/selectAdvertList' ? { advertPosition: 'bottom' } : url === '/api/article/selectQiKanList' ? { month: '202401' } : {};

    const BAD: [string, Record<string, unknown>][] = [
      ['pageNo 2e18', { pageNo: 2e18 }],
      ['pageNo 9.3e18', { pageNo: 9.3e18 }],
      ['pageNo 1e300', { pageNo: 1e300 }],
      ['pageNo "2e18"', { pageNo: '2e18' }],
      ['pageNo -1', { pageNo: -1 }],
      ['pageNo 0', { pageNo: 0 }],
      ['pageNo "abc"', { pageNo: 'abc' }],
      [`pageNo ${MAX_PAGE_NO + 1}`, { pageNo: MAX_PAGE_NO + 1 }],
      ['pageSize 1e9', { pageSize: 1e9 }],
      ['pageSize 101', { pageSize: 101 }],
    ];

    it(`refuses out-of-range paging on every list route with a Chinese message (${driver})`, async () => {
      const wrong: string[] = [];
      for (const url of LIST_ROUTES) {
        for (const [label, paging] of BAD) {
          const reply = await send({ label, method: 'POST', url, payload: { ...required(url), pageSize: 10, ...paging } });
          const ok = reply.status === 200 && reply.body?.code === ErrorCode.badParameter && CHINESE.test(String(reply.body?.msg));
          if (!ok) wrong.push(`${url} ${label} → ${reply.status} ${reply.text.slice(0, 100)}`);
        }
      }
      assert.deepEqual(wrong, []);
    });

    it(`reads a fractional page number as its whole part, as every number field is converted (${driver})`, async () => {
      for (const url of LIST_ROUTES) {
        const reply = await send({ label: '1.5', method: 'POST', url, payload: { ...required(url), pageNo: 1.5, pageSize: 10 } });
        assert.equal(reply.body?.code, 0, `${url}: ${reply.text.slice(0, 200)}`);
        assert.equal((reply.body?.data as { page: { pageNo: number } }).page.pageNo, 1, url);
      }
    });

    it(`answers the last allowed page (${driver})`, async () => {
      for (const url of LIST_ROUTES) {
        const reply = await send({ label: 'last page', method: 'POST', url, payload: { ...required(url), pageNo: MAX_PAGE_NO, pageSize: 100 } });
        assert.equal(reply.body?.code, 0, `${url}: ${reply.text.slice(0, 200)}`);
      }
    });

    it(`refuses out-of-range order pages on the membership endpoint (${driver})`, async () => {
      for (const page of ['2e18', '9300000000000000000', '1e300', '-1', '0', 'abc', '1.5']) {
        const reply = await send({ label: page, method: 'GET', url: `/index.php?c=program&m=getServiceOrderList&sf=pc&page=${page}` });
        assert.equal(reply.status, 200);
        assert.equal(reply.body?.result, 0, `${page}: ${reply.text}`);
        assert.ok(CHINESE.test(String(reply.body?.msg)), reply.text);
      }
      const big = await send({ label: 'per_page', method: 'GET', url: '/index.php?c=program&m=getServiceOrderList&sf=pc&per_page=1000000000' });
      assert.equal(big.body?.result, 0);
    });
  });
});

describe('JSON depth scan', () => {
  it('counts only brackets outside strings', () => {
    assert.equal(jsonDepthExceeds(`{"a":"${'['.repeat(100)}"}`, 2), false);
    assert.equal(jsonDepthExceeds(`{"a":"\\"${'{'.repeat(100)}"}`, 2), false);
    assert.equal(jsonDepthExceeds('[[[]]]', 3), false);
    assert.equal(jsonDepthExceeds('[[[[]]]]', 3), true);
    assert.equal(jsonDepthExceeds('{"a":{"b":[1]}}', 3), false);
    assert.equal(jsonDepthExceeds('{"a":{"b":[{}]}}', 3), true);
  });
});
