import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let dir: string;
const INDEX = '<!doctype html><html><head><script src="/main.3f9a1c2b.js"></script></head><body><div id="root"></div></body></html>';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-web-'));
  const web = join(dir, 'web');
  const releases = join(dir, 'releases');
  await mkdir(join(web, 'assets'), { recursive: true });
  await writeFile(join(web, 'index.html'), INDEX);
  await writeFile(join(web, 'main.3f9a1c2b.js'), 'console.log("shell")');
  await writeFile(join(web, 'favicon.ico'), 'icon');
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
  const m = /<script>window\.__QY_CONFIG__=(.*?)<\/script>/.exec(page);
  assert.ok(m, 'the config script is injected');
  return JSON.parse(m[1]!);
}

describe('web serving', () => {
  it('serves index.html at / with the runtime config injected, not cached', async () => {
    const res = await ctx.get('/', html);
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.ok(/<\/script><\/head>/.test(res.text), 'config script sits right before </head>');
    assert.equal(res.text.match(/<\/script>/g)!.length, 2, 'the injected value cannot close the script tag');
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
});
