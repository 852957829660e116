import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { firstViewMain, headerAdvertBox, pageHeadFor, type FirstViewEntry } from '../src/plugins/firstView.js';
import { hintTags, remoteHints, routeOwner } from '../src/plugins/static.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let dir: string;
const INDEX =
  '<!doctype html><html><head><script src="/main.3f9a1c2b.js"></script></head><body><div id=qy-header-ad class=qy-header-ad--reserved></div><main id=qy-main class=qy-main--pending></main></body></html>';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-web-'));
  const web = join(dir, 'web');
  const releases = join(dir, 'releases');
  await mkdir(join(web, 'assets'), { recursive: true });
  await writeFile(join(web, 'index.html'), INDEX);
  await writeFile(join(web, 'main.3f9a1c2b.js'), 'console.log("shell")');
  await writeFile(join(web, 'main.3f9a1c2b.js.br'), brotliCompressSync('console.log("shell")'));
  await writeFile(join(web, 'main.3f9a1c2b.js.gz'), gzipSync('console.log("shell")'));
  await writeFile(join(web, 'favicon.ico'), 'icon');
  await writeFile(join(web, 'routes.json'), JSON.stringify({ remotes: { 'mf-content': ['/', '/index', '/article-*'] }, shell: ['/download'] }));
  await mkdir(join(releases, 'mf-content', '1.2.0'), { recursive: true });
  await writeFile(join(releases, 'mf-content', '1.2.0', 'mf-manifest.json'), '{"name":"mf-content"}');
  await writeFile(join(releases, 'remotes.json'), '{"mf-content":"/remotes/mf-content/1.2.0/mf-manifest.json"}');
  ctx = await createTestApp({
    config: {
      webRoot: web,
      releasesDir: releases,
      site: {
        downloadIosUrl: 'https://apps.example.com/</script><script>alert(1)</script>',
        downloadAndroidUrl: '',
        medicalHumanitiesUrl: '',
        membershipBaseUrl: '',
      },
    },
  });
});
after(async () => {
  await ctx?.close();
  await rm(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

/** The runtime config injected into a served index.html. */
function injectedConfig(page: string) {
  const m = /<script[^>]*>window\.__QY_CONFIG__=(.*?)<\/script>/.exec(page);
  assert.ok(m, 'the config script is injected');
  return JSON.parse(m[1]!);
}

describe('web serving', () => {
  it('serves index.html at / with the runtime config injected, not cached', async () => {
    const res = await ctx.get('/', html);
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.ok(/<\/script>(<link [^>]*>)*<\/head>/.test(res.text), 'config script (then preload hints) right before </head>');
    // The shell's script, the config, the inline remote map and the first view's replies: the
    // injected values cannot close a tag.
    assert.equal(res.text.match(/<\/script>/g)!.length, 4, 'the injected value cannot close the script tag');
    const config = injectedConfig(res.text);
    assert.equal(config.downloadIosUrl, 'https://apps.example.com/</script><script>alert(1)</script>');
    assert.deepEqual(Object.keys(config).sort(), ['downloadAndroidUrl', 'downloadIosUrl', 'medicalHumanitiesUrl', 'membershipBaseUrl']);
  });

  it('serves hashed assets as immutable and other files as no-cache', async () => {
    const js = await ctx.get('/main.3f9a1c2b.js');
    assert.equal(js.status, 200);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    const icon = await ctx.get('/favicon.ico');
    assert.equal(icon.status, 200);
    assert.equal(icon.headers['cache-control'], 'no-cache');
  });

  it('falls back to index.html for HTML navigation to any app route', async () => {
    for (const path of ['/article-info?permalinks=QYJ0001', '/personal', '/no/such/page']) {
      const res = await ctx.get(path, html);
      assert.equal(res.status, 200, path);
      assert.equal(injectedConfig(res.text).downloadAndroidUrl, '');
    }
  });

  it('does not fall back for API paths, missing assets or non-HTML requests', async () => {
    const api = await ctx.get('/api/unknown', html);
    assert.equal(api.status, 404);
    assert.equal(api.body.code, 10004);
    const asset = await ctx.get('/missing.5d41402abc.js');
    assert.equal(asset.status, 404);
    const remote = await ctx.get('/remotes/mf-content/9.9.9/mf-manifest.json', html);
    assert.equal(remote.status, 404);
  });

  it('serves released remotes as immutable and remotes.json as no-cache', async () => {
    const manifest = await ctx.get('/remotes/mf-content/1.2.0/mf-manifest.json');
    assert.equal(manifest.status, 200);
    assert.deepEqual(manifest.body, { name: 'mf-content' });
    assert.equal(manifest.headers['cache-control'], 'public, max-age=31536000, immutable');
    const list = await ctx.get('/remotes.json');
    assert.equal(list.status, 200);
    assert.equal(list.headers['cache-control'], 'no-cache');
    assert.deepEqual(list.body, { 'mf-content': '/remotes/mf-content/1.2.0/mf-manifest.json' });
    const listThroughPrefix = await ctx.get('/remotes/remotes.json');
    assert.equal(listThroughPrefix.status, 404, 'remotes.json is only served uncached at /remotes.json');
  });

  it('sends hashed assets precompressed when the client accepts it, still immutable', async () => {
    const br = await ctx.get('/main.3f9a1c2b.js', { 'accept-encoding': 'br, gzip' });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    const gz = await ctx.get('/main.3f9a1c2b.js', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.headers['cache-control'], 'public, max-age=31536000, immutable');
    const plain = await ctx.get('/main.3f9a1c2b.js', { 'accept-encoding': 'identity' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.text, 'console.log("shell")');
  });

  it("puts the remote map and the route's remote preload hints into the page", async () => {
    const page = await ctx.get('/article-info?permalinks=QYJ0001', html);
    assert.equal(page.headers['cache-control'], 'no-cache');
    const m = /<script[^>]*>window\.__QY_REMOTES__=(.*?)<\/script>/.exec(page.text);
    assert.ok(m, 'the remote map is inline');
    assert.deepEqual(JSON.parse(m[1]!), { 'mf-content': '/remotes/mf-content/1.2.0/mf-manifest.json' });
    assert.match(page.text, /<link rel="preload" href="\/remotes\/mf-content\/1\.2\.0\/remoteEntry\.js" as="script">/);
    assert.ok(!page.text.includes('as="fetch"'), 'the manifest is not preloaded: the browser reads none');
    const download = await ctx.get('/download', html);
    assert.ok(!/rel="preload"[^>]*as="script"/.test(download.text), 'a shell page hints no remote');
    assert.ok(download.text.includes('window.__QY_REMOTES__='));
  });
});

/** The first view's replies put into a served page. */
function firstView(page: string): { path: string; body: Record<string, unknown>; reply: { code: number; data: any } }[] {
  const m = /<script[^>]*>window\.__QY_FIRST__=(.*?)<\/script>/.exec(page);
  assert.ok(m, "the first view's replies are inline");
  return JSON.parse(m[1]!);
}

describe("the first view's public data in the page", () => {
  it("holds a visitor's own replies to the home page's calls and preloads the pictures they draw", async () => {
    const page = await ctx.get('/index', html);
    const entries = firstView(page.text);
    assert.deepEqual(
      entries.map((e) => e.path),
      ['/api/base/getModularSwitch', '/api/advert/selectAdvertList', '/api/base/getBanner'],
    );
    for (const e of entries) {
      const api = await ctx.post(e.path, e.body);
      assert.deepEqual(e.reply, api.body, `${e.path}: the reply a visitor gets`);
    }
    const banner = entries.find((e) => e.path === '/api/base/getBanner')!.reply.data;
    assert.equal(banner.code, 'home');
    assert.ok(banner.content.length > 0, 'the seeded home banners');
    const images = [...page.text.matchAll(/<link rel="preload" href="([^"]+)" as="image" fetchpriority="high">/g)].map((m) => m[1]);
    assert.ok(images.includes(banner.content[0].pic), 'the first banner picture is preloaded');
    const advertOn = entries[0]!.reply.data.switchValue === 1 && entries[1]!.reply.data.results.length > 0;
    assert.equal(images.length, advertOn ? 2 : 1, 'the header advert picture too when it shows');
  });

  it('holds the course banners on the course list, and only the chrome\'s calls elsewhere', async () => {
    const courses = firstView((await ctx.get('/course-resources', html)).text);
    assert.deepEqual(courses.find((e) => e.path === '/api/base/getBanner')?.body, { code: 'classroom' });
    const article = firstView((await ctx.get('/article-info?permalinks=QYJ0001', html)).text);
    assert.deepEqual(
      article.map((e) => e.path),
      ['/api/base/getModularSwitch', '/api/advert/selectAdvertList'],
    );
  });
});

describe('the header advert drawn by the server', () => {
  const entries = (switchValue: number, adverts: Record<string, unknown>[]): FirstViewEntry[] => [
    { path: '/api/base/getModularSwitch', body: { moduleName: 'advert' }, reply: { code: 0, data: { moduleName: 'advert', switchValue } } },
    { path: '/api/advert/selectAdvertList', body: {}, reply: { code: 0, data: { results: adverts, page: { total: adverts.length } } } },
  ];
  const ad = (adUrl: string, name = '会员年度计划') => ({ name, adUrl, imgUrl: '[{"url":"/api/static/adverts/header-1.svg"}]' });

  it('draws the advert with the chrome\'s markup, marked for the chrome to replace', () => {
    const box = headerAdvertBox(entries(1, [ad('/personal?type=flag4')]))!;
    assert.equal(
      box,
      '<div id="qy-header-ad" class="qy-header-ad--reserved"><aside class="qy-header-ad" aria-label="页眉广告" style="height:100px" data-qy-static=""><a class="qy-header-ad__link" href="/personal?type=flag4"><img src="/api/static/adverts/header-1.svg" alt="会员年度计划"></a></aside></div>',
    );
    assert.match(headerAdvertBox(entries(1, [ad('https://ads.example.com/x?a=1&b=2')]))!, /href="https:\/\/ads\.example\.com\/x\?a=1&amp;b=2" target="_blank" rel="noopener noreferrer"/);
  });

  it('escapes the name and links nowhere for an address the chrome would not follow', () => {
    const box = headerAdvertBox(entries(1, [ad('javascript:alert(1)', '"><script>x</script>')]))!;
    assert.ok(!box.includes('<script>') && !box.includes('javascript:'));
    assert.match(box, /<span class="qy-header-ad__link"><img [^>]*alt="&quot;&gt;&lt;script&gt;x&lt;\/script&gt;"><\/span>/);
  });

  it('gives back the box without its reserved height when there is no advert, and leaves it when the calls failed', () => {
    assert.equal(headerAdvertBox(entries(0, [ad('/x')])), '<div id="qy-header-ad"></div>');
    assert.equal(headerAdvertBox(entries(1, [])), '<div id="qy-header-ad"></div>');
    assert.equal(headerAdvertBox([]), undefined);
    assert.equal(headerAdvertBox(entries(1, []).slice(0, 1)), undefined, 'switch on but the advert list failed');
  });

  it('is in the served page, in place of the empty box', async () => {
    const page = (await ctx.get('/article-info?permalinks=QYJ0001', html)).text;
    const entries = firstView(page);
    assert.equal(page.includes('class=qy-header-ad--reserved></div>'), false, "index.html's empty box is filled");
    assert.ok(page.includes(headerAdvertBox(entries)!), 'the box drawn from the same replies');
  });

  it('is not drawn again in the visit once the reader closed it, while another advert still is', async () => {
    const page = (await ctx.get('/index', html)).text;
    const results = firstView(page)[1]?.reply.data.results as { id: number; imgUrl: string }[] | undefined;
    const shown = results?.[0];
    assert.ok(shown, 'the demo has a header advert');
    const picture = JSON.parse(shown.imgUrl)[0].url as string;
    assert.ok(page.includes('data-qy-static'), 'drawn before it is closed');

    const closed = (await ctx.get('/index', { ...html, cookie: `theme=x; qy_ad_closed=${shown.id}` })).text;
    assert.ok(closed.includes('<div id="qy-header-ad"></div>'), 'the empty box, without its reserved height');
    assert.equal(closed.includes('data-qy-static'), false);
    assert.equal(closed.includes(`<link rel="preload" href="${picture}" as="image"`), false, 'its picture is not preloaded');

    const other = (await ctx.get('/index', { ...html, cookie: `qy_ad_closed=${shown.id + 1000}` })).text;
    assert.ok(other.includes('data-qy-static'), 'a different advert than the closed one shows');
  });
});

describe('preload hints', () => {
  const table = { remotes: { 'mf-content': ['/', '/article-*'], 'mf-payment': ['/qrcode-member-ali-pay/*'] }, shell: ['/download'] };

  it("finds a path's owner as the shell's route table does", () => {
    assert.equal(routeOwner(table, '/'), 'mf-content');
    assert.equal(routeOwner(table, '/article-info'), 'mf-content');
    assert.equal(routeOwner(table, '/article-'), null);
    assert.equal(routeOwner(table, '/qrcode-member-ali-pay/3/tok'), 'mf-payment');
    assert.equal(routeOwner(table, '/download'), null);
    assert.equal(routeOwner(table, '/nowhere'), null);
  });

  it("lists the remoteEntry and the first chunks of './app' beside the manifest", () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { path: './Widget', assets: { js: { sync: ['w.1.js'] } } },
        { path: './app', assets: { js: { sync: ['816.3c0c7acd.js', '__federation_expose_app.3118f5f9.js'] } } },
      ],
    };
    assert.deepEqual(remoteHints('/remotes/mf-content/1.2.0/mf-manifest.json', manifest), {
      scripts: [
        '/remotes/mf-content/1.2.0/remoteEntry.js',
        '/remotes/mf-content/1.2.0/816.3c0c7acd.js',
        '/remotes/mf-content/1.2.0/__federation_expose_app.3118f5f9.js',
      ],
    });
    assert.deepEqual(remoteHints('https://cdn.example.com/c/mf-manifest.json', undefined), {
      scripts: ['https://cdn.example.com/c/remoteEntry.js'],
    });
    const tags = hintTags({ a: '</script>' }, { scripts: ['/x".js'] });
    assert.equal(tags.match(/<\/script>/g)!.length, 1);
    assert.ok(tags.includes('href="/x&quot;.js" as="script"'));
  });
});

describe("the banner drawn by the server (the top of the home and course pages)", () => {
  const banner = (content: Record<string, unknown>[]): FirstViewEntry[] => [
    { path: '/api/base/getBanner', body: { code: 'home' }, reply: { code: 0, data: { code: 'home', content } } },
  ];
  const slide = (pic: string, title = '每周精选', intro = '把研究读成依据') => ({ pic, title, intro, url: '/nejm-list' });

  it('draws the first slide of the home banner as a hidden, inert picture over the page, with one dot a slide', () => {
    const box = firstViewMain('/index', banner([slide('/api/static/banners/home-1.svg'), slide('/b.svg')]))!;
    assert.equal(
      box,
      '<div id="qy-first-view" data-page="home" aria-hidden="true" inert><div class="qy-fv-home"><div class="qy-fv-banner"><img src="/api/static/banners/home-1.svg" alt=""><span class="qy-fv-caption"><span class="qy-fv-title">每周精选</span><span class="qy-fv-intro">把研究读成依据</span></span><span class="qy-fv-dots"><i class="is-active"></i><i></i></span></div></div></div>',
    );
    assert.equal(firstViewMain('/', banner([slide('/a.svg')])), firstViewMain('/index/', banner([slide('/a.svg')])), '/ is the home page too');
  });

  it("draws the course list's heading, as mf-courses' release ships it, and its classroom banner", () => {
    const heads = { '/course-resources': { title: '课程<资源>', intro: '新版的介绍' } };
    const box = firstViewMain('/course-resources', banner([slide('https://cdn.example.com/c.png', '编辑课堂', '')]), pageHeadFor(heads, '/course-resources/'))!;
    assert.match(box, /^<div id="qy-first-view" data-page="course-resources" aria-hidden="true" inert>/);
    assert.match(box, /<div class="qy-fv-cr-h1">课程&lt;资源&gt;<\/div><p>新版的介绍<\/p>/);
    assert.match(box, /<div class="qy-fv-cr-banner"><img src="https:\/\/cdn\.example\.com\/c\.png" alt=""><div class="qy-fv-cr-text"><strong>编辑课堂<\/strong><\/div><\/div>/);
  });

  it('escapes the texts, and draws nothing without a safe picture, without banners or on other routes', () => {
    const box = firstViewMain('/index', banner([slide('/a.svg', '<script>alert(1)</script>', '"&')]))!;
    assert.ok(!box.includes('<script>'));
    assert.match(box, /&lt;script&gt;alert\(1\)&lt;\/script&gt;.*&quot;&amp;/);
    assert.equal(firstViewMain('/index', banner([slide('javascript:alert(1)')])), undefined);
    assert.equal(firstViewMain('/index', banner([slide('//evil.example.com/x.svg')])), undefined);
    assert.equal(firstViewMain('/index', banner([])), undefined);
    assert.equal(firstViewMain('/index', []), undefined, 'the banner call failed');
    assert.equal(firstViewMain('/nejm-list', banner([slide('/a.svg')])), undefined);
    assert.equal(firstViewMain('/course-resources', banner([slide('/a.svg')])), undefined, 'no heading from the release: the banner has no known place');
    assert.equal(pageHeadFor({ '/course-resources': { intro: 'x' } }, '/course-resources'), undefined, 'a heading needs its title');
    assert.equal(pageHeadFor(undefined, '/course-resources'), undefined);
  });

  it("is in the served home page, inside #qy-main, drawn from the page's own banner reply", async () => {
    const page = (await ctx.get('/index', html)).text;
    const entries = firstView(page);
    const box = firstViewMain('/index', entries)!;
    assert.ok(box, 'the seeded home banner is drawn');
    assert.ok(page.includes(`<main id=qy-main class=qy-main--pending>${box}</main>`));
    const article = (await ctx.get('/article-info?permalinks=QYJ0001', html)).text;
    assert.ok(article.includes('<main id=qy-main class=qy-main--pending></main>'), 'other pages keep an empty #qy-main');
  });
});

describe('shell releases', () => {
  let shellCtx: TestContext;
  let root: string;
  const page = (label: string, chunk: string) =>
    `<!doctype html><html><head><script src="/${chunk}"></script></head><body data-shell="${label}"><main id=qy-main></main></body></html>`;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'qy-shells-'));
    const releases = join(root, 'releases');
    for (const [version, chunk, label] of [
      ['1.0.0-aaaaaaaaaa', 'main.aaaaaaaa.js', 'old'],
      ['1.1.0-bbbbbbbbbb', 'main.bbbbbbbb.js', 'new'],
    ] as const) {
      await mkdir(join(releases, 'shell', version), { recursive: true });
      await writeFile(join(releases, 'shell', version, 'index.html'), page(version, chunk));
      await writeFile(join(releases, 'shell', version, chunk), `console.log(${JSON.stringify(version)})`);
      await writeFile(join(releases, 'shell', version, `only-in-${label}.txt`), version);
      await writeFile(join(releases, 'shell', version, 'routes.json'), JSON.stringify({ remotes: { 'mf-courses': ['/course-resources'] } }));
    }
    for (const [version, title] of [
      ['1', '课程资源'],
      ['2', '课程与讲座'],
    ]) {
      await mkdir(join(releases, 'mf-courses', version), { recursive: true });
      await writeFile(join(releases, 'mf-courses', version, 'mf-manifest.json'), '{}');
      await writeFile(join(releases, 'mf-courses', version, 'page-heads.json'), JSON.stringify({ '/course-resources': { title, intro: `第${version}版` } }));
    }
    await writeFile(join(releases, 'remotes.json'), JSON.stringify({ 'mf-courses': '/remotes/mf-courses/1/mf-manifest.json' }));
    await writeFile(join(releases, 'shell.json'), JSON.stringify({ version: '1.1.0-bbbbbbbbbb' }));
    // The configured web root is what a checkout without shell releases serves: not used here.
    const web = join(root, 'web');
    await mkdir(web, { recursive: true });
    await writeFile(join(web, 'index.html'), page('web-root', 'main.cccccccc.js'));
    shellCtx = await createTestApp({ config: { webRoot: web, releasesDir: releases } });
  });
  after(async () => {
    await shellCtx?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves the page of the live shell release, and the other one as soon as shell.json names it', async () => {
    assert.match((await shellCtx.get('/', html)).text, /data-shell="1\.1\.0-bbbbbbbbbb"/);
    assert.match((await shellCtx.get('/course-video?id=1', html)).text, /data-shell="1\.1\.0-bbbbbbbbbb"/);
    await writeFile(join(root, 'releases', 'shell.json'), JSON.stringify({ version: '1.0.0-aaaaaaaaaa' }));
    assert.match((await shellCtx.get('/', html)).text, /data-shell="1\.0\.0-aaaaaaaaaa"/, 'a roll-back needs no restart');
    await writeFile(join(root, 'releases', 'shell.json'), JSON.stringify({ version: '1.1.0-bbbbbbbbbb' }));
    assert.match((await shellCtx.get('/', html)).text, /data-shell="1\.1\.0-bbbbbbbbbb"/);
  });

  it('still serves the hashed chunks of an earlier release to a page opened on it, and nothing else of it', async () => {
    const live = await shellCtx.get('/main.bbbbbbbb.js');
    assert.equal(live.status, 200);
    const earlier = await shellCtx.get('/main.aaaaaaaa.js');
    assert.equal(earlier.status, 200, 'an open tab of the earlier shell keeps loading its chunks');
    assert.equal(earlier.text, 'console.log("1.0.0-aaaaaaaaaa")');
    assert.equal(earlier.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await shellCtx.get('/only-in-new.txt')).status, 200);
    assert.equal((await shellCtx.get('/only-in-old.txt')).status, 404, 'an unhashed file comes from the live release only');
    assert.equal((await shellCtx.get('/main.cccccccc.js')).status, 404, 'the web root is not served once a shell is released');
  });

  it("draws a remote page's heading from that remote's live release, so a new release's wording shows at once", async () => {
    const heading = async () => /<div class="qy-fv-cr-h1">([^<]*)<\/div><p>([^<]*)<\/p>/.exec((await shellCtx.get('/course-resources', html)).text)?.slice(1);
    assert.deepEqual(await heading(), ['课程资源', '第1版']);
    await writeFile(join(root, 'releases', 'remotes.json'), JSON.stringify({ 'mf-courses': '/remotes/mf-courses/2/mf-manifest.json' }));
    assert.deepEqual(await heading(), ['课程与讲座', '第2版']);
  });

  it('refuses paths that leave the release folder', async () => {
    for (const path of ['/..%2fshell.json', '/%2e%2e/shell.json', '/.hidden', '/shell.json']) {
      const res = await shellCtx.get(path);
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(res.text, /1\.1\.0-bbbbbbbbbb/, path);
    }
  });
});
