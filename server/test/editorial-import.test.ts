// Imports (issue "The editorial console", item 4): a JATS XML file (an original one written in
// PubMed Central's structure, test/fixtures/jats) fills the English original of a draft; a Word .docx
// (built by test/fixtures/docx.ts) fills the Chinese body. Each is one sanitised revision; a
// malformed file is refused with a message naming what is wrong, and nothing of it is saved.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { articleRevisions, articles } from '../src/db/schema/index.js';
import { ImportMessages as IM } from '../src/modules/editorial/importMessages.js';
import { EditorialMessages as M } from '../src/modules/editorial/messages.js';
import { dataOf, journalDraft, refused, staffTokens, type Reply } from './editorial-helpers.js';
import { buildDocx, para } from './fixtures/docx.js';
import { createTestApp, type TestContext } from './helpers.js';
import { multipart } from './upload-helpers.js';

const JATS = readFileSync(new URL('./fixtures/jats/home-rehab-trial.xml', import.meta.url));

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
});
after(() => ctx?.close());

const XML = 'application/xml';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Uploads a file to an import route with the form's fields (token null: no session). */
async function upload(kind: 'jats' | 'docx', fields: Record<string, string | number>, bytes: Buffer | null, token: string | null = tokens.editor): Promise<Reply> {
  const form = multipart(bytes && { filename: kind === 'jats' ? 'article.xml' : 'translation.docx', contentType: kind === 'jats' ? XML : DOCX, bytes }, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])));
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/editor/article/import/${kind}`,
    headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: form.payload,
  });
  return res.json();
}

async function draft(tag: string, token = tokens.editor, fields: Record<string, unknown> = {}) {
  return dataOf((await ctx.post('/api/editor/article/create', { document: journalDraft(tag, { outlink: '', ...fields }) }, token)).body);
}

/** The article row and its revision count: to check that a refused import changed nothing. */
async function snapshot(id: number) {
  const [row] = await ctx.app.db.select().from(articles).where(eq(articles.id, id));
  const revisions = await ctx.app.db.select({ id: articleRevisions.id }).from(articleRevisions).where(eq(articleRevisions.articleId, id));
  return { row: { ...row!, searchVector: null, searchHead: null, searchTitle: null }, revisions: revisions.length };
}

describe('a JATS file into the English original', () => {
  it('fills title, authors, abstract, sections, figures, tables and references, as one revision', async () => {
    const article = await draft('I1');
    const reply = dataOf(await upload('jats', { id: article.id, baseRevision: 1 }, JATS));
    const doc = reply.article.document;
    assert.equal(reply.article.revision, 2);
    assert.equal(doc.title, article.document.title, 'the Chinese title stays');
    assert.equal(doc.content, article.document.content, 'the Chinese body stays');
    assert.equal(doc.outtitle, 'Home-Based Pulmonary Rehabilitation after Hospitalization for Chronic Obstructive Pulmonary Disease');
    assert.equal(doc.enAuthors, 'Maria K. Lindqvist, M.D., Ph.D., Daniel Okafor, M.D., Chen Wei, M.P.H., and the HOME-PR Trial Investigators');
    // The structured abstract, each part under its heading; the teaser abstract is left out.
    assert.match(doc.enAbstract, /^<h3 id="qy-abs1">Background<\/h3><p>Readmission within 90 days/);
    for (const part of ['Methods', 'Results', 'Conclusions']) assert.ok(doc.enAbstract.includes(`>${part}</h3>`), part);
    assert.ok(doc.enAbstract.includes('<em>P</em>=0.02'));
    assert.ok(!doc.enAbstract.includes('Rehabilitation at home after an exacerbation'));
    // Sections and subsections as headings, lists kept, citations linking the references.
    const body: string = doc.enBody;
    const headings = [...body.matchAll(/<(h[2-6])[^>]*>([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(headings, ['h2 Introduction', 'h2 Methods', 'h3 Trial Design and Oversight', 'h3 Intervention', 'h3 Statistical Analysis', 'h2 Results', 'h2 Discussion']);
    assert.ok(body.includes('<ul><li>age of 40 years or older;</li>'));
    assert.ok(body.includes('<ol><li>an assessment visit within 7 days after discharge;</li>'));
    assert.ok(body.includes('FEV<sub>1</sub>'));
    assert.ok(body.includes('<a href="#qy-ref-r1">1</a>'));
    assert.ok(body.includes('<span class="qy-formula">h(t) = h_0(t)\\exp(\\beta x)</span>'));
    assert.ok(body.includes('<blockquote><p>Rehabilitation works best where patients live.</p></blockquote>'));
    // Figures: captions always; the picture where the file gives an address (the floats-group one).
    assert.ok(body.includes('<figure class="qy-fig" id="qy-f1"><figcaption><strong>Figure 1.</strong> Screening, Randomization, and Follow-up. Patients could be excluded for more than one reason.</figcaption></figure>'));
    assert.ok(body.includes('<img src="https://media.example.org/qytest-2026-0419-f2.png" alt="Figure 2" />'));
    // The table with its caption and foot; the cell's style attribute is gone.
    assert.ok(body.includes('<figure class="qy-table" id="qy-t1"><figcaption><strong>Table 1.</strong> Characteristics of the Patients at Baseline.</figcaption><table><thead><tr><th>Characteristic</th>'));
    assert.ok(body.includes('<td colspan="3">FEV<sub>1</sub> measured after bronchodilator use</td>'));
    assert.ok(body.includes('<p><small>Plus–minus values are means ±SD.</small></p>'));
    // Sanitised: the javascript: link lost its address; nothing of the front matter's editor or affiliations.
    assert.ok(body.includes('<a>do not follow</a>'));
    assert.doesNotMatch(body, /javascript:|style=|Handling Editor|Example University Hospital/);
    // References in order, anchored for the citations, structured ones formatted, DOIs linked.
    assert.equal(
      doc.enReferences,
      '<ol><li id="qy-ref-r1">Rivera AB, Holm K, et al. Readmission after exacerbations of COPD: a cohort study. Respir Test Rev 2021;12(3):33-41. <a href="https://doi.org/10.5555/qytest.ref.0001">10.5555/qytest.ref.0001</a></li>' +
        '<li id="qy-ref-r2">Nakamura T, Bello S. Early rehabilitation after discharge: an observational study. <em>Test Med J</em> 2019;7:210-8.</li>' +
        '<li id="qy-ref-r3">Example Thoracic Society. Pulmonary rehabilitation in practice. Springfield: Example Press, 2020.</li></ol>',
    );
    // The original's date and DOI fill the empty fields.
    assert.equal(doc.pubdate, '2026-11-12');
    assert.equal(doc.outlink, 'https://doi.org/10.5555/qytest.2026.0419');

    const { summary } = reply;
    assert.equal(summary.authors, 4);
    assert.equal(summary.sections, 4);
    assert.equal(summary.references, 3);
    assert.equal(summary.tables, 1);
    assert.deepEqual(
      summary.figures.map((f: { id: string; shown: boolean; graphic: string }) => [f.id, f.shown, f.graphic]),
      [
        ['f1', false, 'qytest-2026-0419-f1.jpg'],
        ['f2', true, 'https://media.example.org/qytest-2026-0419-f2.png'],
      ],
    );
    assert.deepEqual(summary.warnings, [IM.jatsFiguresToUpload(['Figure 1'])]);
    assert.deepEqual([...summary.filled].sort(), ['enAbstract', 'enAuthors', 'enBody', 'enReferences', 'outlink', 'outtitle', 'pubdate']);

    // One revision, by the importer, naming what changed.
    const revisions = dataOf((await ctx.post('/api/editor/article/revisions', { id: article.id }, tokens.editor)).body);
    assert.equal(revisions[0].revision, 2);
    assert.equal(revisions[0].member.username, 'demo_editor');
    assert.deepEqual([...revisions[0].changed].sort(), ['enAbstract', 'enAuthors', 'enBody', 'enReferences', 'outlink', 'outtitle', 'pubdate']);
  });

  it('keeps a publication date and link the draft already has', async () => {
    const article = await draft('I2', tokens.editor, { pubdate: '2026-01-05', outlink: 'https://www.nejm.org/doi/full/10.1056/NEJMoa0000001' });
    const doc = dataOf(await upload('jats', { id: article.id, baseRevision: 1 }, JATS)).article.document;
    assert.equal(doc.pubdate, '2026-01-05');
    assert.equal(doc.outlink, 'https://www.nejm.org/doi/full/10.1056/NEJMoa0000001');
  });

  it('refuses a malformed file with what is wrong, and saves nothing of it', async () => {
    const article = await draft('I3');
    const before = await snapshot(article.id);
    const jats = JATS.toString('utf8');
    const cases: [string, Buffer, string | RegExp][] = [
      ['unclosed tag', Buffer.from(jats.replace('</italic> Obstructive', ' Obstructive')), /^JATS文件不是格式正确的XML（第\d+行第\d+列）：标签不匹配，<italic>未闭合就遇到了<\/article-title>$/],
      ['cut short', Buffer.from(jats.slice(0, jats.length / 2)), /^JATS文件不是格式正确的XML/],
      ['an HTML entity', Buffer.from(jats.replace('Plus–minus', 'Plus&nbsp;minus')), /未定义的实体&nbsp;/],
      ['not XML at all', Buffer.from('Title: Home-Based Pulmonary Rehabilitation\nAuthors: ...'), /^JATS文件不是格式正确的XML/],
      ['another root', Buffer.from('<?xml version="1.0"?><html><body><p>x</p></body></html>'), IM.jatsWrongRoot('html')],
      ['no article-meta', Buffer.from(jats.replace(/<article-meta>[\s\S]*<\/article-meta>/, '')), IM.jatsNoMeta],
      ['no title', Buffer.from(jats.replace(/<title-group>[\s\S]*?<\/title-group>/, '')), IM.jatsNoTitle],
      ['nothing to import', Buffer.from(jats.replace(/<abstract>[\s\S]*?<\/abstract>/, '').replace(/<abstract abstract-type="teaser">[\s\S]*?<\/abstract>/, '').replace(/<body>[\s\S]*<\/body>/, '')), IM.jatsNothing],
      ['not UTF-8', Buffer.concat([Buffer.from(jats.slice(0, 200)), Buffer.from([0xe9, 0xff, 0xfe]), Buffer.from(jats.slice(200))]), IM.jatsNotUtf8],
      [
        'an entity bomb',
        Buffer.from('<?xml version="1.0"?><!DOCTYPE article [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><article><front><article-meta><title-group><article-title>&b;</article-title></title-group></article-meta></front></article>'),
        /未定义的实体&b;/,
      ],
      [
        'an external entity',
        Buffer.from('<?xml version="1.0"?><!DOCTYPE article [<!ENTITY x SYSTEM "file:///etc/passwd">]><article><front><article-meta><title-group><article-title>&x;</article-title></title-group></article-meta></front></article>'),
        /未定义的实体&x;/,
      ],
    ];
    for (const [label, bytes, message] of cases) {
      const reply = await upload('jats', { id: article.id, baseRevision: 1 }, bytes);
      refused(reply, 10001, message);
      assert.deepEqual(await snapshot(article.id), before, label);
    }
  });

  it('is an edit: roles, ownership and the revision the editor had are checked, before the file is read', async () => {
    const article = await draft('I4');
    const own = await draft('I4C', tokens.contributor);
    refused(await upload('jats', { id: article.id, baseRevision: 1 }, JATS, null), 10002, '登录超时，请重新登录');
    refused(await upload('jats', { id: article.id, baseRevision: 1 }, JATS, tokens.reader), 10403, M.notStaff);
    refused(await upload('jats', { id: article.id, baseRevision: 1 }, JATS, tokens.contributor), 10403, M.notOwnArticle);
    // Refused before the file: even a broken one gets the role's refusal.
    refused(await upload('jats', { id: article.id, baseRevision: 1 }, Buffer.from('<broken'), tokens.contributor), 10403, M.notOwnArticle);
    // A contributor imports into their own draft, not once it is submitted.
    assert.equal(dataOf(await upload('jats', { id: own.id, baseRevision: 1 }, JATS, tokens.contributor)).article.revision, 2);
    dataOf((await ctx.post('/api/editor/article/submit', { id: own.id, revision: 2 }, tokens.contributor)).body);
    refused(await upload('jats', { id: own.id, baseRevision: 2 }, JATS, tokens.contributor), 10403, M.notDraftAnymore);

    // Someone saved since the editor opened it: refused as any save, the import kept, not applied.
    dataOf((await ctx.post('/api/editor/article/save', { id: article.id, baseRevision: 1, document: { title: '他人先保存' } }, tokens.admin)).body);
    const stale = await upload('jats', { id: article.id, baseRevision: 1 }, JATS);
    refused(stale, 10409, M.saveConflict(2));
    const [kept] = await ctx.app.db.select().from(articleRevisions).where(eq(articleRevisions.id, (stale.data as { revisionId: number }).revisionId));
    assert.equal(kept!.applied, false);
    assert.equal((kept!.document as { outtitle: string }).outtitle, 'Home-Based Pulmonary Rehabilitation after Hospitalization for Chronic Obstructive Pulmonary Disease');
    const [row] = await ctx.app.db.select({ outtitle: articles.outtitle }).from(articles).where(eq(articles.id, article.id));
    assert.equal(row!.outtitle, 'Editorial Test I4');
  });

  it('refuses a form without its fields or file, and a file over the limit', async () => {
    const article = await draft('I5');
    refused(await upload('jats', { baseRevision: 1 }, JATS), 10001, IM.fieldsMissing);
    refused(await upload('jats', { id: article.id }, JATS), 10001, IM.fieldsMissing);
    refused(await upload('jats', { id: 'abc', baseRevision: 1 }, JATS), 10001, IM.fieldInvalid('id'));
    refused(await upload('jats', { id: article.id, baseRevision: 1 }, null), 10001, IM.noFile);
    refused(await upload('jats', { id: article.id, baseRevision: 1 }, Buffer.alloc(0)), 10001, IM.noFile);
    const big = Buffer.concat([JATS, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    refused(await upload('jats', { id: article.id, baseRevision: 1 }, big), 10001, IM.tooLarge(10 * 1024 * 1024));
    const json = await ctx.post('/api/editor/article/import/jats', { id: article.id, baseRevision: 1 }, tokens.editor);
    refused(json.body, 10001, IM.noFile);
    assert.equal((await snapshot(article.id)).revisions, 1);
  });
});

describe('a Word .docx into the Chinese body', () => {
  it('fills the body with headings, lists, sub/superscripts, tables and links kept; pictures reported', async () => {
    const article = await draft('D1');
    const reply = dataOf(await upload('docx', { id: article.id, baseRevision: 1 }, await buildDocx()));
    const doc = reply.article.document;
    assert.equal(reply.article.revision, 2);
    assert.equal(doc.enBody, '', 'the English original is not touched');
    assert.equal(doc.wantsay, article.document.wantsay);
    assert.equal(
      doc.content,
      '<h2>居家肺康复</h2><h2>研究背景</h2><p>慢阻肺患者出院后<strong>90天内再入院</strong>很常见，FEV<sub>1</sub>下降，m<sup>2</sup>。</p>' +
        '<h2>研究方法</h2><h3>入组标准</h3><ol><li>年龄40岁及以上</li><li>因慢阻肺急性加重住院至少48小时</li><li>FEV1与用力肺活量之比低于0.70</li></ol>' +
        '<ul><li>居家组</li><li>常规治疗组</li></ul><p>P&lt;0.05；正文里的&lt;script&gt;alert(1)&lt;/script&gt;只是文字。</p>' +
        '<p><a href="https://www.nejm.org/doi/full/10.5555/qytest.2026.0419">原文链接</a> 与 <a>危险链接</a></p>' +
        '<table><tr><td><p>组别</p></td><td><p>例数</p></td></tr><tr><td><p>居家组</p></td><td><p>120</p></td></tr></table><p>结论：居家康复值得推广。</p>',
    );
    assert.deepEqual(reply.summary, {
      headings: 4,
      lists: 2,
      paragraphs: 8,
      tables: 1,
      imagesDropped: 1,
      filled: ['content'],
      warnings: [IM.docxImagesDropped(1), IM.docxUnknownStyles(['译者备注'])],
    });
    const revisions = dataOf((await ctx.post('/api/editor/article/revisions', { id: article.id }, tokens.editor)).body);
    assert.deepEqual(revisions[0].changed, ['content']);
  });

  it('refuses an old .doc, a file that is not a .docx, a broken or empty one, and saves nothing', async () => {
    const article = await draft('D2');
    const before = await snapshot(article.id);
    const good = await buildDocx();
    const cases: [string, Buffer, string | RegExp][] = [
      ['Word 97-2003', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]), IM.docxOldFormat],
      ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), IM.docxNotZip],
      ['cut short', good.subarray(0, Math.floor(good.length / 2)), IM.docxNotZip],
      ['no body part', await buildDocx({ omit: ['word/document.xml'] }), IM.docxNoDocument],
      ['a broken body', await buildDocx({ documentXml: '<w:document><w:body><w:p>' }), /^Word文档无法读取，文件可能已损坏：/],
      ['an empty body', await buildDocx({ body: '' }), IM.docxEmpty],
      ['only a picture', await buildDocx({ body: para('') }), IM.docxEmpty],
    ];
    for (const [label, bytes, message] of cases) {
      refused(await upload('docx', { id: article.id, baseRevision: 1 }, bytes), 10001, message);
      assert.deepEqual(await snapshot(article.id), before, label);
    }
  });

  it('a contributor fills their own draft; others are refused', async () => {
    const own = await draft('D3', tokens.contributor);
    const other = await draft('D3E');
    const docx = await buildDocx();
    refused(await upload('docx', { id: other.id, baseRevision: 1 }, docx, tokens.contributor), 10403, M.notOwnArticle);
    refused(await upload('docx', { id: other.id, baseRevision: 1 }, docx, tokens.reader), 10403, M.notStaff);
    assert.ok(dataOf(await upload('docx', { id: own.id, baseRevision: 1 }, docx, tokens.contributor)).article.document.content.startsWith('<h2>居家肺康复</h2>'));
  });
});
