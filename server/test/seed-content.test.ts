// The seeded content looks like the journal (no database: the generators are read directly): weekly
// issues of 6–12 items, bodies of real length and shape for demo and scale corpus alike, English
// titles that translate the Chinese ones, references in a citation style, and every cover picture
// named for what it belongs to.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BODY_LENGTHS, bodyLength, type BodyKind } from '../src/db/seed/body.js';
import { generateConferences, generateCourses } from '../src/db/seed/courses.js';
import { generateCorpus } from '../src/db/seed/corpus.js';
import { DEMO_NOTE, generateArticles, type SeedArticle } from '../src/db/seed/generate.js';
import { FILTERS } from '../src/db/seed/reference.js';
import { CLASS_TERMS } from '../src/db/seed/terms.js';
import { shanghaiDate } from '../src/lib/dates.js';
import { serverRoot } from '../src/paths.js';

const NOW = new Date('2026-11-25T04:00:00Z');
const demo = generateArticles(NOW);
const corpus = [...generateCorpus(NOW, 1_000)];

/** The kind of body an article of a source (and journal filter) carries. */
function kindOf(a: Pick<SeedArticle, 'sourceId' | 'filterId'>): BodyKind {
  if (a.sourceId === 5) return a.filterId === 3 ? 'original' : a.filterId === 1 ? 'review' : a.filterId === 2 ? 'case' : 'perspective';
  const bySource: Record<number, BodyKind> = { 1: 'commentary', 6: 'digest', 7: 'animation', 8: 'audio', 9: 'writing', 10: 'catalyst', 11: 'evidence' };
  return bySource[a.sourceId]!;
}

/** Body text length without the generated-content note. */
const lengthOf = (a: SeedArticle) => bodyLength(a.content.replace(DEMO_NOTE, ''));
const asset = (url: string) => join(serverRoot, 'assets', url.replace(/^\/api\/static\//, ''));

describe('seeded weekly issues', () => {
  it('group 6 to 12 items a week: 4–6 journal items (an original first), digest items and animations', () => {
    const weeks = new Map<string, SeedArticle[]>();
    for (const a of demo.filter((x) => [5, 6, 7].includes(x.sourceId))) {
      const day = shanghaiDate(a.postdate);
      weeks.set(day, [...(weeks.get(day) ?? []), a]);
    }
    assert.ok(weeks.size > 50, `${weeks.size} issues`);
    const journalFilters = new Set(FILTERS.filter((f) => f.sourceId === 5).map((f) => f.id));
    for (const [day, items] of weeks) {
      assert.equal(new Date(`${day}T00:00:00Z`).getUTCDay(), 4, `${day} is a Thursday`);
      assert.ok(items.length >= 6 && items.length <= 12, `${day}: ${items.length} items`);
      const journal = items.filter((a) => a.sourceId === 5);
      assert.ok(journal.length >= 4 && journal.length <= 6, `${day}: ${journal.length} journal items`);
      assert.ok(journal.every((a) => journalFilters.has(a.filterId!)), day);
      assert.ok(journal.some((a) => a.filterId === 3), `${day} has an original article`);
      // An editor's commentary with its free part before the <hr>.
      const commented = journal.find((a) => a.haswantsay === 1)!;
      assert.ok(commented, `${day} has a commentary`);
      assert.match(commented.wantsay, /^<p>[^<]{20,}<\/p><hr\s*\/?>.*<p>/is);
    }
    assert.deepEqual(new Set(demo.filter((a) => a.sourceId === 5).map((a) => a.filterId)), journalFilters);
  });
});

describe('seeded article bodies', () => {
  for (const [name, articles] of [
    ['demo', demo],
    ['scale corpus', corpus],
  ] as const) {
    it(`${name}: every body has its kind's length, none repeated, and keeps the generated-content note`, () => {
      const seen = new Set<string>();
      for (const a of articles) {
        const [min, max] = BODY_LENGTHS[kindOf(a)];
        const length = lengthOf(a as SeedArticle);
        // A body ends at the paragraph that reaches its length (at most a paragraph over).
        assert.ok(length >= min && length <= max + 600, `${a.permalinks} (${kindOf(a)}): ${length}`);
        assert.ok(a.content.endsWith(DEMO_NOTE), a.permalinks);
        assert.ok(!seen.has(a.content), `${a.permalinks} repeats a body`);
        seen.add(a.content);
      }
    });
  }

  it('originals have sections, a captioned table, a figure with a picture of the assets and a reference list', () => {
    const originals = demo.filter((a) => a.sourceId === 5 && a.filterId === 3);
    assert.ok(originals.length > 50);
    for (const a of originals) {
      for (const h of ['背景', '方法', '结果', '讨论']) assert.ok(a.content.includes(`<h2>${h}</h2>`), `${a.permalinks} ${h}`);
      assert.match(a.content, /<table><caption>表1\. [^<]+<\/caption><thead>/);
      const figure = /<figure><img src="([^"]+)" alt="[^"]+"[^>]*><figcaption>图1\. [^<]+<\/figcaption><\/figure>/.exec(a.content);
      assert.ok(figure, a.permalinks);
      assert.ok(existsSync(asset(figure[1]!)), figure[1]);
      const refs = a.aboutcontent.match(/<li>[^<]*<\/li>/g) ?? [];
      assert.ok(refs.length >= 18, `${a.permalinks}: ${refs.length} references`);
      // Vancouver style: "Carter E, Okafor DK, et al. Title. Journal 2021;384:1123-33."
      for (const r of refs) assert.match(r, /^<li>[A-Z][a-z]+ [A-Z]{1,2}(, [A-Z][a-z]+ [A-Z]{1,2})*(, et al)?\. [A-Z][^<]+\. [A-Z][A-Za-z ]+ \d{4};\d+:\d+-\d+\.<\/li>$/);
    }
  });

  it('journal authors are named with their degrees, digest and media authors by name alone', () => {
    for (const a of demo) {
      const names = a.pcauthor.split(', ');
      if (a.sourceId === 5) assert.match(a.author, /, (M\.D\.|Ph\.D\.|M\.P\.H\.|Pharm\.D\.)/, a.permalinks);
      if ([6, 7, 8].includes(a.sourceId)) assert.equal(a.author, names.join(', '), a.permalinks);
    }
  });
});

describe('seeded English titles', () => {
  it('name the same disease and intervention as the Chinese title', () => {
    const terms = CLASS_TERMS.flatMap((t) => [...t.diseases, ...t.interventions]);
    for (const a of [...demo, ...corpus]) {
      for (const [zh, en] of terms) {
        // The longest Chinese term found is checked (儿童1型糖尿病 before 1型糖尿病).
        if (!a.title.includes(zh) || terms.some(([z]) => z !== zh && z.includes(zh) && a.title.includes(z))) continue;
        assert.ok(a.outtitle.toLowerCase().includes(en.toLowerCase()), `${a.permalinks}: ${a.title} / ${a.outtitle}`);
      }
    }
  });
});

describe('seeded cover pictures', () => {
  const labelOf = (url: string) => {
    const m = />([^<>]+)<\/text>/.exec(readFileSync(asset(url), 'utf8'));
    return m?.[1];
  };

  it('animations say 动画解读 and audio items 音频节目; other articles have none', () => {
    for (const a of [...demo, ...corpus]) {
      if (a.sourceId === 7) assert.equal(labelOf(a.thumb), '动画解读', a.permalinks);
      else if (a.sourceId === 8) assert.equal(labelOf(a.thumb), '音频节目', a.permalinks);
      else assert.equal(a.thumb, '', a.permalinks);
    }
  });

  it('courses name their kind and conferences say 学术会议', () => {
    for (const l of generateCourses(NOW)) {
      const url = (JSON.parse(l.coverPc) as { url: string }[])[0]!.url;
      const want =
        l.subjectSerType === 3
          ? '学术会议'
          : l.subjectType === 1 || l.subjectType === 4
            ? '音频课程'
            : [4, 5].includes(l.subjectSerType)
              ? '临床研究与实践'
              : '编辑课堂';
      assert.equal(labelOf(url), want, `${l.title} (${l.subjectSerType})`);
    }
    for (const c of generateConferences(NOW)) {
      assert.equal(labelOf(c.imgPc), '学术会议', c.title);
      for (const m of JSON.parse(c.media) as { url: string; fileType: string }[]) {
        if (m.fileType === 'image') assert.equal(labelOf(m.url), '学术会议', c.title);
      }
    }
  });
});
