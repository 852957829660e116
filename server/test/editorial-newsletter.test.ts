// The weekly newsletter in the business console (issue 20, item 6): editors compose a mail from a
// published weekly issue, preview it, test-send it to themselves and send it as a background job to
// exactly the readers with the consent (ifReceiveNejm) on and an e-mail, each with the articles of
// their disease areas; no reader is mailed twice (two workers at once, a worker that dies mid-job
// and a restart); every message carries one-click unsubscribe (RFC 8058) whose signed link turns the
// consent off (a forged one changes nothing); contributors and readers are refused and nothing
// changes; sends and test sends are in the audit trail with who did them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { articles, editorialAudit, members, newsletterDeliveries, newsletterJobs, outboxMessages, weeklyIssues } from '../src/db/schema/index.js';
import { STALE_CLAIM_MS } from '../src/modules/editorial/newsletter.js';
import { areasOfDepartment, articlesForAreas } from '../src/modules/editorial/newsletterMail.js';
import { NewsletterMessages as M } from '../src/modules/editorial/newsletterMessages.js';
import { EditorialMessages } from '../src/modules/editorial/messages.js';
import { LocalMail } from '../src/providers/mail/local.js';
import { auditTrail, dataOf, editorCall, refused, staffTokens, type Reply } from './editorial-helpers.js';
import { createTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
/** Published seeded issues, newest first, each with published articles of more than one area. */
let issues: { id: number; title: string }[];

const db = () => ctx.app.db;
const call = (path: string, body: unknown, token?: string): Promise<Reply> => editorCall(ctx, `/newsletter${path}`, body, token);

/** Readers a send must reach: consent on and an e-mail. */
const consenting = async () =>
  (await db().select({ id: members.id, email: members.email }).from(members).where(and(eq(members.ifReceiveNejm, 1), isNotNull(members.email))).orderBy(asc(members.id))) as {
    id: number;
    email: string;
  }[];
/** Outbox mail with this subject, by recipient. */
async function mailsBySubject(subject: string) {
  const rows = await db().select().from(outboxMessages).where(eq(outboxMessages.subject, subject));
  const by = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) by.set(r.recipient, [...(by.get(r.recipient) ?? []), r]);
  return { rows, by };
}
const counts = async () => ({
  jobs: Number((await db().select({ n: count() }).from(newsletterJobs))[0]!.n),
  mail: Number((await db().select({ n: count() }).from(outboxMessages))[0]!.n),
  audit: Number((await db().select({ n: count() }).from(editorialAudit).where(eq(editorialAudit.targetType, 'newsletter')))[0]!.n),
});
/** A reader account made for a test (consent and department as given). */
async function reader(tag: string, fields: Partial<typeof members.$inferInsert> = {}) {
  const [row] = await db()
    .insert(members)
    .values({ username: `nl_${tag}_${ctx.driver}`, email: `nl_${tag}@example.org`, passwordHash: 'x', ...fields })
    .returning();
  return row!;
}
async function issueArticles(issueId: number) {
  return db()
    .select({ id: articles.id, title: articles.title, classIds: articles.classIds })
    .from(articles)
    .where(and(eq(articles.weeklyIssueId, issueId), eq(articles.status, 1)));
}
async function runJob(jobId: number) {
  await ctx.app.newsletter.idle();
  await ctx.app.newsletter.work(jobId);
}

before(async () => {
  ctx = await createTestApp();
  tokens = await staffTokens(ctx);
  const rows = await db()
    .select({ id: weeklyIssues.id, title: weeklyIssues.title })
    .from(weeklyIssues)
    .where(
      and(
        eq(weeklyIssues.state, 'published'),
        sql`(select count(distinct c) from ${articles} a, unnest(a.class_ids) c where a.weekly_issue_id = ${weeklyIssues.id} and a.status = 1) > 1`,
      ),
    )
    .orderBy(sql`${weeklyIssues.thedate} desc`)
    .limit(5);
  issues = rows;
  assert.ok(issues.length >= 3, 'the seed has published issues with articles of several areas');
});
after(() => ctx?.close());

describe('newsletter: who may use it', () => {
  it('refuses visitors, readers and contributors on every route, and nothing changes', async () => {
    const before = await counts();
    const body = { issueId: issues[0]!.id, subject: '本周精选', intro: '导语' };
    for (const path of ['/preview', '/test', '/send', '/jobs']) {
      refused(await call(path, body), 10002, /.+/);
      refused(await call(path, body, tokens.reader), 10403, EditorialMessages.notStaff);
      refused(await call(path, body, tokens.contributor), 10403, EditorialMessages.editorOnly);
    }
    assert.deepEqual(await counts(), before);
  });
});

describe('newsletter: bad input', () => {
  it('refuses a newsletter with no issue, an unpublished issue, no subject or a wrong rate, naming the field; nothing is sent', async () => {
    const before = await counts();
    refused(await call('/preview', { subject: '本周精选' }, tokens.editor), 10001, M.issueRequired);
    refused(await call('/send', { subject: '本周精选' }, tokens.editor), 10001, M.issueRequired);
    refused(await call('/test', { subject: '本周精选' }, tokens.editor), 10001, M.issueRequired);
    assert.match(M.issueRequired, /周刊/);
    const [draft] = await db().insert(weeklyIssues).values({ title: '未发布的一期', thedate: '1999-01-04', state: 'draft' }).returning();
    refused(await call('/send', { issueId: draft!.id, subject: '本周精选' }, tokens.editor), 10001, M.issueNotPublished('未发布的一期'));
    refused(await call('/send', { issueId: issues[0]!.id, subject: '  ' }, tokens.editor), 10001, M.subjectRequired);
    refused(await call('/send', { issueId: issues[0]!.id, subject: '本周精选', ratePerSecond: 0 }, tokens.editor), 10001, M.rate);
    refused(await call('/send', { issueId: issues[0]!.id, subject: '本周精选', ratePerSecond: 101 }, tokens.editor), 10001, M.rate);
    refused(await call('/send', { issueId: 2_000_000, subject: '本周精选' }, tokens.editor), 10001, M.issueNotFound);
    assert.deepEqual(await counts(), before);
  });
});

describe('newsletter: preview and test send', () => {
  it('previews the issue (all its articles, or those of the areas asked) and counts the readers a send would reach', async () => {
    const issue = issues[0]!;
    const all = await issueArticles(issue.id);
    const preview = dataOf(await call('/preview', { issueId: issue.id, subject: '本周精选', intro: '编辑的话' }, tokens.editor));
    assert.equal(preview.issueArticleCount, all.length);
    assert.equal(preview.articleCount, all.length);
    assert.equal(preview.recipients, (await consenting()).length);
    assert.match(preview.html, /编辑的话/);
    for (const a of all) assert.ok(preview.html.includes(a.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')), a.title);
    const area = all.find((a) => a.classIds.length > 0)!.classIds[0]!;
    const only = dataOf(await call('/preview', { issueId: issue.id, subject: '本周精选', classIds: [area] }, tokens.editor));
    const expected = all.filter((a) => a.classIds.length === 0 || a.classIds.includes(area));
    assert.equal(only.articleCount, expected.length);
    assert.ok(only.articleCount < all.length);
  });

  it("test-sends to the editor's own e-mail with the unsubscribe header fields, audited with who did it", async () => {
    const issue = issues[0]!;
    const [me] = await db().select().from(members).where(eq(members.username, 'demo_editor'));
    const reply = dataOf(await call('/test', { issueId: issue.id, subject: '测试周刊', intro: '' }, tokens.editor));
    assert.equal(reply.email, me!.email);
    const { rows } = await mailsBySubject('[测试] 测试周刊');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.recipient, me!.email);
    assert.equal(rows[0]!.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    assert.match(rows[0]!.headers?.['List-Unsubscribe'] ?? '', /^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[^>]+>, <mailto:[^>]+>$/);
    assert.match(rows[0]!.html ?? '', new RegExp(issue.title));
    assert.equal(Number((await db().select({ n: count() }).from(newsletterJobs))[0]!.n), 0, 'a test send makes no job');
    const [entry] = await auditTrail(ctx, 'newsletter', tokens.admin);
    assert.equal(entry!.action, 'test_send');
    assert.equal(entry!.actorName, 'demo_editor');
    assert.equal(entry!.after.to, me!.email);
  });
});

describe('newsletter: sending', () => {
  it('mails exactly the consenting readers with an e-mail, once each, with the articles of their areas; audited; an issue is sent once', async () => {
    const issue = issues[1]!;
    const all = await issueArticles(issue.id);
    const area = all.find((a) => a.classIds.length > 0)!.classIds[0]!;
    const department = Object.entries({ 4: '心血管内科', 2: '肿瘤内科', 3: '内分泌科', 7: '呼吸内科', 8: '儿内科', 9: '感染科' }).find(([id]) => Number(id) === area)?.[1];
    assert.ok(department, `a department of area ${area}`);
    const specialist = await reader('specialist', { division: department });
    const refuser = await reader('refuser', { ifReceiveNejm: 0 });
    const noEmail = await reader('noemail', { email: null });
    const others = await reader('others', { ifReceiveNejm: 1, ifReceiveJh: 0, ifReceiveDsf: 0 });
    const expected = await consenting();
    assert.ok(expected.some((r) => r.id === specialist.id) && expected.some((r) => r.id === others.id));

    const job = dataOf(await call('/send', { issueId: issue.id, subject: '周刊第一封', intro: '本周导语', ratePerSecond: 100 }, tokens.editor));
    assert.equal(job.total, expected.length);
    assert.equal(job.state, 'running');
    // The second send of the same issue (a double click) is refused.
    refused(await call('/send', { issueId: issue.id, subject: '周刊第一封' }, tokens.admin), 10001, M.alreadySent(issue.title));
    await ctx.app.newsletter.idle();

    const done = dataOf(await call('/job', { id: job.id }, tokens.editor));
    assert.equal(done.state, 'done');
    assert.equal(done.sent + done.skipped + done.failed, done.total);
    assert.equal(done.pending, 0);
    const { by } = await mailsBySubject('周刊第一封');
    const mailed = [...by.keys()].sort();
    const sentTo = (await db().select({ email: newsletterDeliveries.email }).from(newsletterDeliveries).where(and(eq(newsletterDeliveries.jobId, job.id), eq(newsletterDeliveries.status, 'sent')))).map((r) => r.email).sort();
    assert.deepEqual(mailed, sentTo);
    for (const [, list] of by) assert.equal(list.length, 1);
    assert.ok(!by.has(refuser.email!), 'no mail without the consent');
    assert.ok(![...by.keys()].includes(`nl_noemail@example.org`) && noEmail.email === null);
    // Everyone reached is a consenting reader; every consenting reader is mailed or skipped for their areas.
    const consentingEmails = new Set(expected.map((r) => r.email));
    for (const email of mailed) assert.ok(consentingEmails.has(email), email);
    assert.equal(mailed.length, done.sent);

    // The specialist gets the articles of their area (and those of none); a reader without areas gets all.
    const theirs = articlesForAreas(all.map((a) => ({ ...a, intro: '', permalinks: '', sourceName: '' })), areasOfDepartment(department)).map((a) => a.title);
    const spec = by.get(specialist.email!)![0]!;
    for (const a of all) assert.equal(spec.body.includes(a.title), theirs.includes(a.title), a.title);
    assert.ok(theirs.length < all.length);
    const other = by.get(others.email!)![0]!;
    for (const a of all) assert.ok(other.body.includes(a.title), a.title);
    assert.equal(other.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');

    const trail = await auditTrail(ctx, 'newsletter', tokens.admin);
    const sent = trail.find((e) => e.action === 'send' && e.targetId === job.id)!;
    assert.equal(sent.actorName, 'demo_editor');
    assert.equal(sent.after.total, expected.length);
  });

  it('two workers on one job at once: each reader is mailed once', async () => {
    const issue = issues[2]!;
    const expected = await consenting();
    const job = dataOf(await call('/send', { issueId: issue.id, subject: '周刊并发', ratePerSecond: 100 }, tokens.admin));
    // The send's own worker and a second one (another instance) work the job together.
    await Promise.all([ctx.app.newsletter.idle(), ctx.app.newsletter.work(job.id), ctx.app.newsletter.work(job.id)]);
    const { by, rows } = await mailsBySubject('周刊并发');
    for (const [email, list] of by) assert.equal(list.length, 1, email);
    const done = dataOf(await call('/job', { id: job.id }, tokens.admin));
    assert.equal(done.state, 'done');
    assert.equal(rows.length, done.sent);
    assert.equal(done.sent + done.skipped, expected.length);
    assert.equal(done.failed, 0);
  });

  it('a worker that dies mid-job and a restart: the rest are sent, nobody twice, the claim in doubt is not resent', async () => {
    const issue = issues[3] ?? issues[0]!;
    await db().delete(newsletterJobs).where(eq(newsletterJobs.issueId, issue.id));
    await ctx.app.newsletter.stop();
    // At one a second, the send's own worker sends one message and waits for its next slot...
    const job = dataOf(await call('/send', { issueId: issue.id, subject: '周刊重启', ratePerSecond: 1 }, tokens.editor));
    // ...when the server closes: the worker stops and gives its claim back.
    await ctx.app.newsletter.stop();
    assert.equal((await db().select().from(newsletterDeliveries).where(and(eq(newsletterDeliveries.jobId, job.id), eq(newsletterDeliveries.status, 'sending')))).length, 0);
    const sentBefore = (await mailsBySubject('周刊重启')).rows.length;
    assert.ok(sentBefore <= 1);
    await db().update(newsletterJobs).set({ ratePerSecond: 100, nextSlotAt: new Date() }).where(eq(newsletterJobs.id, job.id));
    // ...and a worker dies after its third message: it claimed the fourth and never sent it.
    const crash = new AbortController();
    const original = LocalMail.prototype.send;
    let n = 0;
    LocalMail.prototype.send = async function (this: LocalMail, message) {
      await original.call(this, message);
      if (message.subject === '周刊重启' && ++n === 3) crash.abort();
    };
    try {
      await ctx.app.newsletter.work(job.id, { signal: crash.signal });
    } finally {
      LocalMail.prototype.send = original;
    }
    const inDoubt = await db().select().from(newsletterDeliveries).where(and(eq(newsletterDeliveries.jobId, job.id), eq(newsletterDeliveries.status, 'sending')));
    assert.equal(inDoubt.length, 1);
    assert.equal((await mailsBySubject('周刊重启')).rows.length, sentBefore + 3);

    // A server starts: the job resumes; the fresh claim is left to its worker for now.
    assert.ok((await ctx.app.newsletter.resume()) >= 1);
    await ctx.app.newsletter.idle();
    let progress = dataOf(await call('/job', { id: job.id }, tokens.editor));
    assert.equal(progress.state, 'running');
    assert.equal(progress.pending, 1);
    // Long after, the claim is known dead: failed, never resent; the job is done.
    ctx.clock.advance(STALE_CLAIM_MS + 1000);
    await ctx.app.newsletter.resume();
    await ctx.app.newsletter.idle();
    progress = dataOf(await call('/job', { id: job.id }, tokens.editor));
    assert.equal(progress.state, 'done');
    assert.equal(progress.failed, 1);
    assert.equal(progress.failures[0].error, M.interrupted);
    const { by, rows } = await mailsBySubject('周刊重启');
    for (const [email, list] of by) assert.equal(list.length, 1, email);
    assert.ok(!by.has(inDoubt[0]!.email), 'the reader whose claim was in doubt is not mailed again');
    assert.equal(rows.length, progress.sent);
    assert.equal(progress.sent + progress.failed + progress.skipped, progress.total);
  });

  it('two sends of one issue at once (a double click, two editors): one job, the other refused, each reader once', async () => {
    const [made] = await db().insert(weeklyIssues).values({ title: '双击测试', thedate: '1999-03-01', state: 'published' }).returning();
    const [one] = await issueArticles(issues[0]!.id);
    await db().update(articles).set({ weeklyIssueId: made!.id }).where(eq(articles.id, one!.id));
    try {
      const replies = await Promise.all([
        call('/send', { issueId: made!.id, subject: '周刊双击', ratePerSecond: 100 }, tokens.editor),
        call('/send', { issueId: made!.id, subject: '周刊双击', ratePerSecond: 100 }, tokens.admin),
      ]);
      assert.deepEqual(replies.map((r) => r.code).sort(), [0, 10001]);
      refused(replies.find((r) => r.code !== 0)!, 10001, M.alreadySent('双击测试'));
      await ctx.app.newsletter.idle();
      assert.equal((await db().select().from(newsletterJobs).where(eq(newsletterJobs.issueId, made!.id))).length, 1);
      const { by } = await mailsBySubject('周刊双击');
      assert.ok(by.size > 0);
      for (const [email, list] of by) assert.equal(list.length, 1, email);
      assert.equal((await auditTrail(ctx, 'newsletter', tokens.admin)).filter((e) => e.action === 'send' && e.targetLabel === '双击测试').length, 1);
    } finally {
      await db().update(articles).set({ weeklyIssueId: issues[0]!.id }).where(eq(articles.id, one!.id));
    }
  });

  it('keeps to the send rate across workers', async () => {
    const [made] = await db().insert(weeklyIssues).values({ title: '限速测试', thedate: '1999-02-01', state: 'published' }).returning();
    const [one] = await issueArticles(issues[0]!.id);
    await db().update(articles).set({ weeklyIssueId: made!.id }).where(eq(articles.id, one!.id));
    const started = Date.now();
    const job = dataOf(await call('/send', { issueId: made!.id, subject: '周刊限速', ratePerSecond: 20 }, tokens.editor));
    await Promise.all([runJob(job.id), ctx.app.newsletter.work(job.id)]);
    const done = dataOf(await call('/job', { id: job.id }, tokens.editor));
    assert.equal(done.state, 'done');
    // n messages at 20 a second take at least (n - 1) × 50 ms, however many workers.
    assert.ok(Date.now() - started >= (done.sent - 1) * 50, `${done.sent} messages in ${Date.now() - started} ms`);
    await db().update(articles).set({ weeklyIssueId: issues[0]!.id }).where(eq(articles.id, one!.id));
  });
});

describe('newsletter: one-click unsubscribe', () => {
  it('POST (RFC 8058) with the signed token turns the consent off; GET only asks; a forged token changes nothing', async () => {
    const who = await reader('unsub');
    // The token a real message carries.
    const issue = issues[0]!;
    await db().delete(newsletterJobs).where(eq(newsletterJobs.issueId, issue.id));
    const job = dataOf(await call('/send', { issueId: issue.id, subject: '周刊退订', ratePerSecond: 100 }, tokens.editor));
    await ctx.app.newsletter.idle();
    assert.equal(dataOf(await call('/job', { id: job.id }, tokens.editor)).state, 'done');
    const mail = (await mailsBySubject('周刊退订')).by.get(who.email!)![0]!;
    const url = /^<https?:\/\/[^/]+(\/api\/newsletter\/unsubscribe\?token=[^>]+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!;

    const consent = async () => (await db().select().from(members).where(eq(members.id, who.id)))[0]!;
    // GET shows a confirmation and changes nothing (a link scanner may fetch it).
    const page = await ctx.get(url);
    assert.equal(page.status, 200);
    assert.match(page.text, /确认退订/);
    assert.equal((await consent()).ifReceiveNejm, 1);

    // Forged: another reader's id with this signature, a made-up signature, another list.
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const [, sig] = /\.([A-Za-z0-9_-]{32})$/.exec(token)!;
    const demo = (await db().select().from(members).where(eq(members.username, 'demo_reader')))[0]!;
    for (const forged of [`${demo.id}.nejm.${sig}`, `${who.id}.nejm.${'A'.repeat(32)}`, `${who.id}.jh.${sig}`, 'nonsense', '']) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(forged)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      assert.equal(res.statusCode, 400, forged);
      assert.match(res.body, /链接无效/);
      assert.equal((await ctx.get(`/api/newsletter/unsubscribe?token=${encodeURIComponent(forged)}`)).status, 400);
    }
    assert.equal((await consent()).ifReceiveNejm, 1);
    assert.equal((await db().select().from(members).where(eq(members.id, demo.id)))[0]!.ifReceiveNejm, demo.ifReceiveNejm);

    // The one-click POST a mail client makes.
    const res = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /已退订/);
    const after = await consent();
    assert.equal(after.ifReceiveNejm, 0);
    assert.equal(after.ifReceiveJh, 1, 'only the list of the mail');
    // The next send leaves the reader out.
    const next = issues[4] ?? issues[1]!;
    await db().delete(newsletterJobs).where(inArray(newsletterJobs.issueId, [next.id]));
    const job2 = dataOf(await call('/send', { issueId: next.id, subject: '周刊退订之后', ratePerSecond: 100 }, tokens.editor));
    await ctx.app.newsletter.idle();
    assert.equal(dataOf(await call('/job', { id: job2.id }, tokens.editor)).state, 'done');
    assert.ok(!(await mailsBySubject('周刊退订之后')).by.has(who.email!));
  });
});
