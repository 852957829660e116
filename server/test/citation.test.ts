import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-bibtex';
import { and, asc, eq } from 'drizzle-orm';
import { articles } from '../src/db/schema/index.js';
import { authorNames } from '../src/modules/citation/names.js';
import { citationText } from '../src/modules/citation/service.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let article: typeof articles.$inferSelect;
let draftId: number;
let digestId: number;
const HOST = { host: 'qianyan.example' };

const cite = (query: string) => ctx.get(`/api/article/citation?${query}`, HOST);

before(async () => {
  ctx = await createTestApp();
  // One journal article with known metadata (the STEP-HFpEF trial's, as the journal published it).
  const [first] = await ctx.app.db.select().from(articles).where(and(eq(articles.sourceId, 5), eq(articles.status, 1))).orderBy(asc(articles.id)).limit(1);
  [article] = await ctx.app.db
    .update(articles)
    .set({
      title: '司美格鲁肽用于射血分数保留的心力衰竭合并肥胖患者',
      outtitle: 'Semaglutide in Patients with Heart Failure with Preserved Ejection Fraction and Obesity',
      author: 'Mikhail N. Kosiborod, M.D., 王建国, M.D., Ph.D., Barry A. Borlaug, M.D., and Javed Butler, M.D.',
      enAuthors: 'Mikhail N. Kosiborod, M.D., Jianguo Wang, M.D., Ph.D., Barry A. Borlaug, M.D., and Javed Butler, M.D., for the STEP-HFpEF Trial Committee and Investigators',
      postdate: new Date('2023-09-07T02:00:00Z'),
      pubdate: '2023-08-25',
      outlink: 'https://doi.org/10.1056/NEJMoa2306963',
      accessLevel: 'member',
    })
    .where(eq(articles.id, first!.id))
    .returning();
  const [draft] = await ctx.app.db.select({ id: articles.id }).from(articles).where(eq(articles.sourceId, 5)).orderBy(asc(articles.id)).offset(1).limit(1);
  await ctx.app.db.update(articles).set({ status: 0, editorialState: 'draft' }).where(eq(articles.id, draft!.id));
  draftId = draft!.id;
  const [digest] = await ctx.app.db.select({ id: articles.id }).from(articles).where(and(eq(articles.sourceId, 6), eq(articles.status, 1))).limit(1);
  digestId = digest!.id;
  ctx.clock.current = new Date('2025-06-01T04:00:00Z');
});
after(() => ctx?.close());

describe(`citations (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  const url = () => `http://qianyan.example/article-info?permalinks=${article.permalinks}`;

  it('formats the Chinese translation in GB/T 7714-2015, AMA and APA', async () => {
    const expected = {
      gbt7714: `KOSIBOROD M N, 王建国, BORLAUG B A, 等. 司美格鲁肽用于射血分数保留的心力衰竭合并肥胖患者[J/OL]. 千言医学, 2023[2025-06-01]. ${url()}.`,
      ama: `Kosiborod MN, 王建国, Borlaug BA, Butler J. 司美格鲁肽用于射血分数保留的心力衰竭合并肥胖患者. 千言医学. September 2023. ${url()}. Accessed June 1, 2025.`,
      apa: `Kosiborod, M. N., 王建国, Borlaug, B. A., & Butler, J. (2023). 司美格鲁肽用于射血分数保留的心力衰竭合并肥胖患者. 千言医学. ${url()}`,
    };
    for (const [format, text] of Object.entries(expected)) {
      const res = await cite(`id=${article.id}&lang=zh&format=${format}`);
      assert.equal(res.body.code, 0, res.text);
      assert.equal(res.body.data.text, text, format);
      assert.equal(res.body.data.english, true);
    }
    const res = await cite(`id=${article.id}&format=gbt7714`);
    assert.equal(res.body.data.lang, 'zh', 'zh is the default');
    assert.equal(res.body.data.style, 'GB/T 7714-2015');
  });

  it('formats the English original with its journal, DOI and the group author', async () => {
    const expected = {
      gbt7714:
        'KOSIBOROD M N, WANG J, BORLAUG B A, et al. Semaglutide in Patients with Heart Failure with Preserved Ejection Fraction and Obesity[J/OL]. New England Journal of Medicine, 2023[2025-06-01]. https://doi.org/10.1056/NEJMoa2306963. DOI:10.1056/NEJMoa2306963.',
      ama: 'Kosiborod MN, Wang J, Borlaug BA, Butler J, STEP-HFpEF Trial Committee and Investigators. Semaglutide in Patients with Heart Failure with Preserved Ejection Fraction and Obesity. N Engl J Med. August 2023. doi:10.1056/NEJMoa2306963.',
      apa: 'Kosiborod, M. N., Wang, J., Borlaug, B. A., Butler, J., & STEP-HFpEF Trial Committee and Investigators. (2023). Semaglutide in Patients with Heart Failure with Preserved Ejection Fraction and Obesity. New England Journal of Medicine. https://doi.org/10.1056/NEJMoa2306963',
    };
    for (const [format, text] of Object.entries(expected)) {
      const res = await cite(`id=${article.id}&lang=en&format=${format}`);
      assert.equal(res.body.code, 0, res.text);
      assert.equal(res.body.data.text, text, format);
    }
  });

  it('downloads RIS and BibTeX files that citation-js reads back', async () => {
    const ris = await cite(`id=${article.id}&lang=zh&format=ris`);
    assert.equal(ris.status, 200);
    assert.equal(ris.headers['content-type'], 'application/x-research-info-systems; charset=utf-8');
    assert.equal(ris.headers['content-disposition'], `attachment; filename="${article.permalinks}.ris"`);
    assert.match(ris.text, /^TY {2}- JOUR$/m);
    assert.match(ris.text, /^ER {2}- ?$/m);
    const [risItem] = new Cite(ris.text).data as any[];
    assert.equal(risItem.title, article.title);
    assert.equal(risItem['container-title'], '千言医学');
    assert.deepEqual(risItem.author.map((a: any) => a.family), ['Kosiborod', '王', 'Borlaug', 'Butler']);
    assert.equal(risItem.URL, url());

    const bib = await cite(`id=${article.id}&lang=en&format=bibtex`);
    assert.equal(bib.status, 200);
    assert.equal(bib.headers['content-type'], 'application/x-bibtex; charset=utf-8');
    assert.equal(bib.headers['content-disposition'], `attachment; filename="${article.permalinks}-en.bib"`);
    // The entry key is the item's id as BibTeX allows it (letters and digits).
    assert.ok(bib.text.startsWith(`@article{${article.permalinks.replace(/[^A-Za-z0-9]/g, '')}en,`), bib.text);
    const [bibItem] = new Cite(bib.text).data as any[];
    assert.equal(bibItem.title, article.outtitle);
    assert.equal(bibItem.DOI, '10.1056/NEJMoa2306963');
    assert.equal(bibItem['container-title'], 'New England Journal of Medicine');
    assert.equal(bibItem.author.length, 5);

    // Chinese text stays Chinese in BibTeX (UTF-8), not stripped to ASCII.
    const zhBib = await cite(`id=${article.id}&lang=zh&format=bibtex`);
    const [zhItem] = new Cite(zhBib.text).data as any[];
    assert.equal(zhItem.title, article.title);
    assert.equal(zhItem.author[1].family, '王');
  });

  it('never sends the article text, whoever asks', async () => {
    for (const format of ['gbt7714', 'ama', 'apa', 'ris', 'bibtex']) {
      const res = await cite(`id=${article.id}&format=${format}`);
      assert.ok(!res.text.includes(article.content.slice(0, 40)), format);
      assert.ok(!res.text.includes(article.intro.slice(0, 20)), format);
    }
  });

  it('answers an unknown or unpublished article, a missing English original and a bad format with the envelope error', async () => {
    for (const id of [999999, draftId]) {
      const res = await cite(`id=${id}&format=gbt7714`);
      assert.deepEqual([res.status, res.body.code, res.body.msg], [200, 10004, '内容不存在'], String(id));
      const file = await cite(`id=${id}&format=ris`);
      assert.equal(file.body.code, 10004);
    }
    const noEnglish = await cite(`id=${digestId}&lang=en&format=apa`);
    assert.deepEqual([noEnglish.body.code, noEnglish.body.msg], [10004, '该文章暂无英文原文信息']);
    const digestZh = await cite(`id=${digestId}&format=apa`);
    assert.equal(digestZh.body.code, 0);
    assert.equal(digestZh.body.data.english, false);

    const bad: [string, string][] = [
      [`id=${article.id}&format=mla`, '引用格式不正确'],
      [`id=${article.id}`, '引用格式不正确'],
      [`id=${article.id}&format=ris&lang=fr`, '引用语言不正确'],
      ['id=abc&format=apa', '文章编号格式不正确'],
      ['format=apa', '文章编号格式不正确'],
    ];
    for (const [query, msg] of bad) {
      const res = await cite(query);
      assert.deepEqual([res.status, res.body.code, res.body.msg], [200, 10001, msg], query);
    }
  });
});

describe('author lines', () => {
  it('reads names without degrees, Chinese surnames and groups', () => {
    assert.deepEqual(authorNames('Emily A. Carter, M.D., Ph.D., and 欧阳明远, Pharm.D.'), [
      { given: 'Emily A.', family: 'Carter' },
      { family: '欧阳', given: '明远' },
    ]);
    assert.deepEqual(authorNames('李晓雯、张志强'), [
      { family: '李', given: '晓雯' },
      { family: '张', given: '志强' },
    ]);
    assert.deepEqual(authorNames('Ludwig van Beethoven and Jane Doe, for the ABC Investigators'), [
      { given: 'Ludwig', 'non-dropping-particle': 'van', family: 'Beethoven' },
      { given: 'Jane', family: 'Doe' },
      { literal: 'ABC Investigators' },
    ]);
    assert.deepEqual(authorNames(''), []);
  });
});

describe("GB/T 7714-2015's own examples", () => {
  // The standard's own examples of articles in journals read online ([J/OL]),
  // given to the same style and formatting the service uses: the entries must come out as the
  // standard prints them — 作者. 题名[J/OL]. 刊名, 年, 卷(期): 页码[引用日期]. 获取和访问路径. DOI.
  const journal = (fields: Record<string, unknown>) => ({ id: 'x', type: 'article-journal', ...fields });
  const day = (y: number, m: number, d: number) => ({ 'date-parts': [[y, m, d]] });

  it('formats a Chinese online journal article with its address', () => {
    const item = journal({
      title: '韩国图书馆法',
      author: [{ family: '李', given: '炳穆' }],
      'container-title': '图书情报工作',
      issued: { 'date-parts': [[2008]] },
      volume: '52',
      issue: '6',
      page: '6-12',
      accessed: day(2013, 10, 25),
      URL: 'http://www.docin.com/p-400265742.html',
      language: 'zh-CN',
    });
    assert.equal(citationText(item, 'gbt7714', 'zh'), '李炳穆. 韩国图书馆法[J/OL]. 图书情报工作, 2008, 52(6): 6-12[2013-10-25]. http://www.docin.com/p-400265742.html.');
  });

  it('formats one with more than three authors, its address and its DOI', () => {
    const item = journal({
      title: '“北斗一号”监控管理网设计与实现',
      author: [
        { family: '武', given: '丽丽' },
        { family: '华', given: '一新' },
        { family: '张', given: '亚军' },
        { family: '周', given: '杰' },
      ],
      'container-title': '测绘科学',
      issued: { 'date-parts': [[2008]] },
      volume: '33',
      issue: '5',
      page: '8-9',
      accessed: day(2009, 10, 25),
      URL: 'http://vip.calis.edu.cn/CSTJ/Sear.dll?OPAC_CreateDetail',
      DOI: '10.3771/j.issn.1009-2307.2008.05.002',
      language: 'zh-CN',
    });
    assert.equal(
      citationText(item, 'gbt7714', 'zh'),
      '武丽丽, 华一新, 张亚军, 等. “北斗一号”监控管理网设计与实现[J/OL]. 测绘科学, 2008, 33(5): 8-9[2009-10-25]. http://vip.calis.edu.cn/CSTJ/Sear.dll?OPAC_CreateDetail. DOI:10.3771/j.issn.1009-2307.2008.05.002.',
    );
  });

  it('formats an English one: surnames in capitals, initials without points, its address and DOI', () => {
    const item = journal({
      title: 'Next-generation sequencing: from understanding biology to personalized medicine',
      author: [
        { family: 'Frese', given: 'Karen S.' },
        { family: 'Katus', given: 'Hugo A.' },
        { family: 'Meder', given: 'Benjamin' },
      ],
      'container-title': 'Biology',
      issued: { 'date-parts': [[2013]] },
      volume: '2',
      issue: '1',
      page: '378-398',
      accessed: day(2013, 3, 19),
      URL: 'http://www.mdpi.com/2079-7737/2/1/378',
      DOI: '10.3390/biology2010378',
      language: 'en-US',
    });
    assert.equal(
      citationText(item, 'gbt7714', 'en'),
      'FRESE K S, KATUS H A, MEDER B. Next-generation sequencing: from understanding biology to personalized medicine[J/OL]. Biology, 2013, 2(1): 378-398[2013-03-19]. http://www.mdpi.com/2079-7737/2/1/378. DOI:10.3390/biology2010378.',
    );
  });

  it("gives this site's articles the same form, without the volume, issue and pages they do not have", async () => {
    // The translation: 作者. 题名[J/OL]. 千言医学, 年[引用日期]. 地址. — the [J/OL] form above less 卷(期): 页码.
    const res = await cite(`id=${article.id}&lang=zh&format=gbt7714`);
    const form = /^(.+)\. (.+)\[J\/OL\]\. 千言医学, (\d{4})\[(\d{4}-\d{2}-\d{2})\]\. (\S+)\.$/.exec(res.body.data.text);
    assert.ok(form, res.body.data.text);
    assert.deepEqual(form.slice(1), ['KOSIBOROD M N, 王建国, BORLAUG B A, 等', article.title, '2023', '2025-06-01', `http://qianyan.example/article-info?permalinks=${article.permalinks}`]);
  });
});
