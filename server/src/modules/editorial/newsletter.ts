// The weekly newsletter in the business console (issue 20, item 6, 周刊邮件): an editor composes a
// mail from a published weekly issue (subject, intro, the issue's published articles), previews it,
// test-sends it to their own e-mail, then sends it to the readers who consented (the profile's
// ifReceiveNejm, 每周精选推送) and have an e-mail (every address on an account was proven by a code
// when it was set). Each reader gets the articles of their disease areas where they have any
// (newsletterMail.ts). Every message carries one-click unsubscribe (List-Unsubscribe with
// List-Unsubscribe-Post, RFC 8058) that turns the consent off (spec §3 emailUnsubscribe follows).
//
// A send is a background job whose state is in the database (newsletter_jobs, one delivery row per
// job and reader). A worker claims one delivery at a time in a transaction (status sending,
// committed) before the message leaves, and records sent or failed after; a claim left sending by
// a worker that died is never sent again (failed, 发送中断), so no reader is mailed twice, by two
// workers or across a restart. The job row holds the send rate's next free slot, so two workers
// together keep to the rate. A job left running resumes when a server starts (and on the runner's
// timer). Sends and test sends are audited with who did them.
import { and, asc, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { articleSources, articles, members, newsletterDeliveries, newsletterJobs, weeklyIssues } from '../../db/schema/index.js';
import type { NewsletterList } from '../../db/schema/newsletter.js';
import { uniqueViolation } from '../../lib/dbErrors.js';
import { AppError } from '../../lib/errors.js';
import type { MailProvider } from '../../providers/mail/index.js';
import type { Staff } from './access.js';
import { articlesForAreas, areasOfDepartment, readUnsubscribeToken, renderNewsletter, unsubscribeToken, type NewsletterArticle } from './newsletterMail.js';
import { LIST_LABELS, NEWSLETTER_LIMITS as L, NewsletterMessages as M } from './newsletterMessages.js';
import type { NewsletterComposeBody, NewsletterJob, NewsletterPreview, NewsletterSendBody } from './newsletterSchemas.js';
import { audit, type EditorialService } from './service.js';

/** The weekly newsletter goes to the list of the profile's ifReceiveNejm. */
export const WEEKLY_LIST: NewsletterList = 'nejm';

/** A claim older than this (app clock) belongs to a worker that died: never sent again. */
export const STALE_CLAIM_MS = 10 * 60_000;

const CONSENT_COLUMN = { nejm: members.ifReceiveNejm, jh: members.ifReceiveJh, dsf: members.ifReceiveDsf } as const;
const CONSENT_OFF = { nejm: { ifReceiveNejm: 0 }, jh: { ifReceiveJh: 0 }, dsf: { ifReceiveDsf: 0 } } as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const chars = (v: string) => [...v].length;

export interface NewsletterDeps {
  db: Db;
  now: () => Date;
  editorial: EditorialService;
  mail: MailProvider;
  /** HMAC key of unsubscribe tokens (AUTH_SECRET). */
  secret: string;
  /** The site's public origin (PUBLIC_BASE_URL), or one this server answers on. */
  baseUrl: string;
  /** The address of mailto: unsubscribe requests. */
  unsubscribeMailbox: string;
  log?: FastifyBaseLogger;
  /** Wall-clock milliseconds for the send rate (tests keep the app clock still). */
  wallClock?: () => number;
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;

export function createNewsletterService(deps: NewsletterDeps) {
  const { db, now, editorial, mail } = deps;
  const wall = deps.wallClock ?? Date.now;
  /** Workers of this process, by job (the runner starts one per running job). */
  const active = new Map<number, Promise<void>>();
  /** Aborted when the server closes: workers stop between steps (a claim in flight is settled or swept). */
  let closing = new AbortController();

  /** Editors and admins; others get 10403 (readers: not staff; contributors: editors only). */
  const editor = (memberId: number | undefined): Promise<Staff> => editorial.requireStaff(memberId, 'editor');

  /** An issue's published articles in the editors' order (any not in it after, newest first). */
  async function issueArticles(issueId: number): Promise<NewsletterArticle[]> {
    return db
      .select({ id: articles.id, title: articles.title, intro: articles.intro, permalinks: articles.permalinks, sourceName: articleSources.name, classIds: articles.classIds })
      .from(articles)
      .innerJoin(articleSources, eq(articleSources.id, articles.sourceId))
      .innerJoin(weeklyIssues, eq(weeklyIssues.id, articles.weeklyIssueId))
      .where(and(eq(articles.weeklyIssueId, issueId), eq(articles.status, 1)))
      .orderBy(sql`array_position(${weeklyIssues.articleOrder}, ${articles.id}) nulls last`, desc(articles.postdate), desc(articles.id));
  }

  /** A published issue and its published articles in the editors' order. */
  async function issueOf(issueId: number | undefined) {
    if (issueId === undefined) throw AppError.badParameter(M.issueRequired);
    const [issue] = await db.select().from(weeklyIssues).where(eq(weeklyIssues.id, issueId)).limit(1);
    if (!issue) throw AppError.badParameter(M.issueNotFound);
    if (issue.state !== 'published') throw AppError.badParameter(M.issueNotPublished(issue.title));
    const rows = await issueArticles(issue.id);
    if (rows.length === 0) throw AppError.badParameter(M.issueNoArticles(issue.title));
    return { issue, articles: rows };
  }

  function cleanCompose(input: NewsletterComposeBody) {
    const subject = (input.subject ?? '').trim();
    const intro = (input.intro ?? '').trim();
    if (!subject) throw AppError.badParameter(M.subjectRequired);
    if (chars(subject) > L.subject) throw AppError.badParameter(M.subjectTooLong);
    if (chars(intro) > L.intro) throw AppError.badParameter(M.introTooLong);
    return { subject, intro };
  }

  const unsubscribeUrl = (memberId: number, list: NewsletterList) =>
    `${deps.baseUrl}/api/newsletter/unsubscribe?token=${unsubscribeToken(deps.secret, memberId, list)}`;

  /** The header fields of list mail: one-click unsubscribe over HTTPS, and by mail. */
  const listHeaders = (memberId: number, list: NewsletterList) => ({
    'List-Unsubscribe': `<${unsubscribeUrl(memberId, list)}>, <mailto:${deps.unsubscribeMailbox}?subject=${encodeURIComponent(`unsubscribe ${unsubscribeToken(deps.secret, memberId, list)}`)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });

  /** Readers a send would reach now: consent on and an e-mail. */
  const recipientsWhere = (list: NewsletterList) => and(eq(CONSENT_COLUMN[list], 1), isNotNull(members.email));

  // ---- the worker ----

  /** Marks claims left sending longer than STALE_CLAIM_MS as failed (their worker died); never resent. */
  async function sweepStale(jobId: number) {
    await db
      .update(newsletterDeliveries)
      .set({ status: 'failed', error: M.interrupted })
      .where(and(eq(newsletterDeliveries.jobId, jobId), eq(newsletterDeliveries.status, 'sending'), lt(newsletterDeliveries.claimedAt, new Date(now().getTime() - STALE_CLAIM_MS))));
  }

  /** Claims the next pending delivery of a running job, and its slot of the send rate (committed before sending). */
  async function claim(jobId: number) {
    return db.transaction(async (tx) => {
      const [job] = await tx.select().from(newsletterJobs).where(eq(newsletterJobs.id, jobId)).for('update');
      if (!job || job.state !== 'running') return { kind: 'stopped' as const };
      const [next] = await tx
        .select({ id: newsletterDeliveries.id, memberId: newsletterDeliveries.memberId })
        .from(newsletterDeliveries)
        .where(and(eq(newsletterDeliveries.jobId, jobId), eq(newsletterDeliveries.status, 'pending')))
        .orderBy(asc(newsletterDeliveries.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return { kind: 'empty' as const, job };
      const slot = Math.max(job.nextSlotAt.getTime(), wall());
      await tx
        .update(newsletterJobs)
        .set({ nextSlotAt: new Date(slot + Math.ceil(1000 / job.ratePerSecond)) })
        .where(eq(newsletterJobs.id, jobId));
      await tx.update(newsletterDeliveries).set({ status: 'sending', claimedAt: now() }).where(eq(newsletterDeliveries.id, next.id));
      return { kind: 'claimed' as const, job, delivery: next, slot };
    });
  }

  /** The job is done when nothing is pending or being sent. */
  async function finishIfDone(jobId: number) {
    await db.transaction(async (tx) => {
      const [job] = await tx.select().from(newsletterJobs).where(eq(newsletterJobs.id, jobId)).for('update');
      if (!job || job.state !== 'running') return;
      const [open] = await tx
        .select({ n: count() })
        .from(newsletterDeliveries)
        .where(and(eq(newsletterDeliveries.jobId, jobId), inArray(newsletterDeliveries.status, ['pending', 'sending'])));
      if (Number(open?.n ?? 0) > 0) return;
      const at = now();
      await tx.update(newsletterJobs).set({ state: 'done', finishedAt: at, updatedAt: at }).where(eq(newsletterJobs.id, jobId));
    });
  }

  const settle = (id: number, fields: { status: 'sent' | 'failed' | 'skipped'; error?: string }) =>
    db
      .update(newsletterDeliveries)
      .set({ status: fields.status, error: fields.error ?? null, ...(fields.status === 'sent' ? { sentAt: now() } : {}) })
      .where(eq(newsletterDeliveries.id, id));

  /** Sends one claimed delivery: the reader as they are now (consent, e-mail, areas). */
  async function deliver(job: typeof newsletterJobs.$inferSelect, delivery: { id: number; memberId: number }, issue: { title: string; articles: NewsletterArticle[] }) {
    const [reader] = await db
      .select({ email: members.email, division: members.division, consent: CONSENT_COLUMN[job.list] })
      .from(members)
      .where(eq(members.id, delivery.memberId));
    if (!reader || reader.consent !== 1 || !reader.email) return settle(delivery.id, { status: 'skipped', error: M.consentWithdrawn });
    const chosen = articlesForAreas(issue.articles, areasOfDepartment(reader.division));
    if (chosen.length === 0) return settle(delivery.id, { status: 'skipped', error: M.noArticleInAreas });
    const body = renderNewsletter({
      subject: job.subject,
      intro: job.intro,
      issueTitle: issue.title,
      articles: chosen,
      baseUrl: deps.baseUrl,
      unsubscribeUrl: unsubscribeUrl(delivery.memberId, job.list),
      list: job.list,
    });
    try {
      await mail.send({ to: reader.email, subject: job.subject, text: body.text, html: body.html, headers: listHeaders(delivery.memberId, job.list) });
    } catch (err) {
      deps.log?.warn({ err, job: 'newsletter', jobId: job.id }, 'newsletter message refused');
      return settle(delivery.id, { status: 'failed', error: String((err as Error)?.message ?? err).slice(0, 500) });
    }
    return settle(delivery.id, { status: 'sent' });
  }

  /**
   * Works a job until nothing is pending: claim, wait for the slot, send, record. Any number of
   * workers (in this process or others) may work one job at once. `signal` stops it between steps
   * (tests use it to stop a worker the way a crash would, after a claim and before its send).
   */
  async function work(jobId: number, options: { signal?: AbortSignal; releaseOnStop?: boolean } = {}): Promise<void> {
    await sweepStale(jobId);
    const [first] = await db.select().from(newsletterJobs).where(eq(newsletterJobs.id, jobId));
    if (!first || first.state !== 'running') return;
    const [issue] = await db.select({ title: weeklyIssues.title }).from(weeklyIssues).where(eq(weeklyIssues.id, first.issueId));
    const content = { title: issue?.title ?? '', articles: await issueArticles(first.issueId) };
    const stopped = async (deliveryId: number) => {
      if (!options.signal?.aborted) return false;
      // A stop (server close): the message has not left, so the claim goes back. A crash leaves it sending.
      if (options.releaseOnStop) await db.update(newsletterDeliveries).set({ status: 'pending', claimedAt: null }).where(eq(newsletterDeliveries.id, deliveryId));
      return true;
    };
    for (;;) {
      const claimed = await claim(jobId);
      if (claimed.kind === 'stopped') return;
      if (claimed.kind === 'empty') return finishIfDone(jobId);
      if (await stopped(claimed.delivery.id)) return;
      const wait = claimed.slot - wall();
      if (wait > 0) await sleep(wait);
      if (await stopped(claimed.delivery.id)) return;
      await deliver(claimed.job, claimed.delivery, content);
    }
  }

  /** Starts a worker for the job in this process unless one is working it already. */
  function kick(jobId: number): Promise<void> {
    const running = active.get(jobId);
    if (running) return running;
    const p = work(jobId, { signal: closing.signal, releaseOnStop: true })
      .catch((err) => deps.log?.error({ err, job: 'newsletter', jobId }, 'newsletter worker failed'))
      .finally(() => active.delete(jobId));
    active.set(jobId, p);
    return p;
  }

  // ---- what the console sees of a job ----

  async function jobsView(rows: (typeof newsletterJobs.$inferSelect)[]): Promise<NewsletterJob[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [counts, issues, failures] = await Promise.all([
      db
        .select({ jobId: newsletterDeliveries.jobId, status: newsletterDeliveries.status, n: count() })
        .from(newsletterDeliveries)
        .where(inArray(newsletterDeliveries.jobId, ids))
        .groupBy(newsletterDeliveries.jobId, newsletterDeliveries.status),
      db.select({ id: weeklyIssues.id, title: weeklyIssues.title }).from(weeklyIssues).where(inArray(weeklyIssues.id, rows.map((r) => r.issueId))),
      db
        .select({ jobId: newsletterDeliveries.jobId, email: newsletterDeliveries.email, error: newsletterDeliveries.error })
        .from(newsletterDeliveries)
        .where(and(inArray(newsletterDeliveries.jobId, ids), eq(newsletterDeliveries.status, 'failed')))
        .orderBy(asc(newsletterDeliveries.id))
        .limit(20 * ids.length),
    ]);
    return rows.map((r) => {
      const n = (status: string) => Number(counts.find((c) => c.jobId === r.id && c.status === status)?.n ?? 0);
      return {
        id: r.id,
        issueId: r.issueId,
        issueTitle: issues.find((i) => i.id === r.issueId)?.title ?? '',
        list: r.list,
        subject: r.subject,
        state: r.state,
        stateLabel: r.state === 'running' ? '发送中' : '已完成',
        ratePerSecond: r.ratePerSecond,
        total: r.total,
        sent: n('sent'),
        failed: n('failed'),
        skipped: n('skipped'),
        pending: n('pending') + n('sending'),
        createdByName: r.createdByName,
        createdAt: r.createdAt.toISOString(),
        finishedAt: r.finishedAt ? r.finishedAt.toISOString() : '',
        failures: failures.filter((f) => f.jobId === r.id).slice(0, 20).map((f) => ({ email: f.email, error: f.error ?? '' })),
      };
    });
  }

  async function readJob(id: number) {
    const [row] = await db.select().from(newsletterJobs).where(eq(newsletterJobs.id, id));
    if (!row) throw AppError.notFound(M.jobNotFound);
    return row;
  }

  return {
    /** The mail as a reader of `classIds` would get it (no areas: the whole issue), and who a send would reach now. */
    async preview(memberId: number | undefined, input: NewsletterComposeBody): Promise<NewsletterPreview> {
      const staff = await editor(memberId);
      const { issue, articles: all } = await issueOf(input.issueId);
      const { subject, intro } = cleanCompose(input);
      const chosen = articlesForAreas(all, input.classIds ?? []);
      const body = renderNewsletter({ subject, intro, issueTitle: issue.title, articles: chosen, baseUrl: deps.baseUrl, unsubscribeUrl: unsubscribeUrl(staff.id, WEEKLY_LIST), list: WEEKLY_LIST });
      const [reach] = await db.select({ n: count() }).from(members).where(recipientsWhere(WEEKLY_LIST));
      return { subject, html: body.html, text: body.text, articleCount: chosen.length, issueArticleCount: all.length, recipients: Number(reach?.n ?? 0) };
    },

    /** Sends the mail to the caller's own e-mail, as the caller would get it as a reader; audited. */
    async testSend(memberId: number | undefined, input: NewsletterComposeBody) {
      const staff = await editor(memberId);
      const { issue, articles: all } = await issueOf(input.issueId);
      const { subject, intro } = cleanCompose(input);
      const [me] = await db.select({ email: members.email, division: members.division }).from(members).where(eq(members.id, staff.id));
      if (!me?.email) throw AppError.badParameter(M.noOwnEmail);
      const chosen = articlesForAreas(all, areasOfDepartment(me.division));
      const shown = chosen.length > 0 ? chosen : all;
      const body = renderNewsletter({ subject, intro, issueTitle: issue.title, articles: shown, baseUrl: deps.baseUrl, unsubscribeUrl: unsubscribeUrl(staff.id, WEEKLY_LIST), list: WEEKLY_LIST });
      await mail.send({ to: me.email, subject: `[测试] ${subject}`, text: body.text, html: body.html, headers: listHeaders(staff.id, WEEKLY_LIST) });
      await audit(db, {
        actor: staff,
        action: 'test_send',
        targetType: 'newsletter',
        targetId: issue.id,
        targetLabel: issue.title,
        before: null,
        after: { issueId: issue.id, subject, intro, to: me.email, articleIds: shown.map((a) => a.id) },
        at: now(),
      });
      return { email: me.email, msg: M.testSent(me.email), articleCount: shown.length };
    },

    /**
     * Sends the issue to every reader with the consent on and an e-mail: the job and one delivery per
     * reader in one transaction with its audit entry; an issue is sent once. The worker starts at once.
     */
    async send(memberId: number | undefined, input: NewsletterSendBody): Promise<NewsletterJob> {
      const staff = await editor(memberId);
      const { issue } = await issueOf(input.issueId);
      const { subject, intro } = cleanCompose(input);
      const rate = input.ratePerSecond ?? L.defaultRate;
      if (!Number.isInteger(rate) || rate < L.minRate || rate > L.maxRate) throw AppError.badParameter(M.rate);
      const at = now();
      let job: typeof newsletterJobs.$inferSelect;
      try {
        job = await db.transaction(async (tx) => {
          const [taken] = await tx.select({ id: newsletterJobs.id }).from(newsletterJobs).where(and(eq(newsletterJobs.issueId, issue.id), eq(newsletterJobs.list, WEEKLY_LIST)));
          if (taken) throw AppError.badParameter(M.alreadySent(issue.title));
          const [made] = await tx
            .insert(newsletterJobs)
            .values({ issueId: issue.id, list: WEEKLY_LIST, subject, intro, state: 'running', ratePerSecond: rate, nextSlotAt: new Date(wall()), createdBy: staff.id, createdByName: staff.username, createdAt: at, updatedAt: at })
            .returning();
          await tx.execute(sql`
            insert into ${newsletterDeliveries} (job_id, member_id, email, status)
            select ${made!.id}, ${members.id}, ${members.email}, 'pending' from ${members}
            where ${recipientsWhere(WEEKLY_LIST)}
            order by ${members.id}`);
          const [total] = await tx.select({ n: count() }).from(newsletterDeliveries).where(eq(newsletterDeliveries.jobId, made!.id));
          const [row] = await tx.update(newsletterJobs).set({ total: Number(total?.n ?? 0) }).where(eq(newsletterJobs.id, made!.id)).returning();
          await audit(tx, {
            actor: staff,
            action: 'send',
            targetType: 'newsletter',
            targetId: made!.id,
            targetLabel: issue.title,
            before: null,
            after: { issueId: issue.id, list: WEEKLY_LIST, subject, intro, ratePerSecond: rate, total: row!.total },
            at,
          });
          return row!;
        });
      } catch (err) {
        if (uniqueViolation(err) === 'newsletter_jobs_issue_list_key') throw AppError.badParameter(M.alreadySent(issue.title));
        throw err;
      }
      void kick(job.id);
      return (await jobsView([job]))[0]!;
    },

    /** Sends, newest first, with their progress. */
    async jobs(memberId: number | undefined): Promise<{ results: NewsletterJob[] }> {
      await editor(memberId);
      const rows = await db.select().from(newsletterJobs).orderBy(desc(newsletterJobs.id)).limit(50);
      return { results: await jobsView(rows) };
    },

    /** One send's progress (the console polls it). */
    async job(memberId: number | undefined, id: number): Promise<NewsletterJob> {
      await editor(memberId);
      return (await jobsView([await readJob(id)]))[0]!;
    },

    /** Starts a worker here for every job left running (at start and on the runner's timer). */
    async resume(): Promise<number> {
      const running = await db.select({ id: newsletterJobs.id }).from(newsletterJobs).where(eq(newsletterJobs.state, 'running'));
      for (const { id } of running) void kick(id);
      return running.length;
    },

    /** Stops this process's workers between steps and waits for them (server close). */
    async stop(): Promise<void> {
      closing.abort();
      await Promise.all([...active.values()]);
      closing = new AbortController();
    },

    /** Resolves when this process's workers have nothing left (tests). */
    async idle(): Promise<void> {
      while (active.size > 0) await Promise.all([...active.values()]);
    },

    work,

    /** The reader and list of a token, or null when it is not one this server signed. */
    readToken: (token: string | undefined) => readUnsubscribeToken(deps.secret, token),

    /** What the unsubscribe page shows before confirming: the list's label and the reader's e-mail. */
    async unsubscribeInfo(token: string | undefined) {
      const who = readUnsubscribeToken(deps.secret, token);
      if (!who) return null;
      const [reader] = await db.select({ email: members.email }).from(members).where(eq(members.id, who.memberId));
      if (!reader) return null;
      return { list: who.list, label: LIST_LABELS[who.list], email: reader.email ?? '' };
    },

    /** Turns the token's consent off (one-click, RFC 8058); null for a token this server did not sign. */
    async unsubscribe(token: string | undefined) {
      const who = readUnsubscribeToken(deps.secret, token);
      if (!who) return null;
      const [row] = await db
        .update(members)
        .set({ ...CONSENT_OFF[who.list], updatedAt: now() })
        .where(eq(members.id, who.memberId))
        .returning({ id: members.id });
      if (!row) return null;
      return { list: who.list, label: LIST_LABELS[who.list] };
    },
  };
}

/**
 * The runner: resumes jobs left running when the server starts, and looks again every `intervalMs`
 * (a job another instance was working when it died, a stale claim to sweep). Returns the stop function.
 */
export function startNewsletterRunner(newsletter: NewsletterService, intervalMs: number, log: FastifyBaseLogger): () => Promise<void> {
  const tick = () =>
    newsletter
      .resume()
      .then((n) => {
        if (n > 0) log.info({ job: 'newsletter', running: n }, 'newsletter jobs resumed');
      })
      .catch((err) => log.error({ err, job: 'newsletter' }, 'newsletter runner failed'));
  void tick();
  const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : undefined;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await newsletter.stop();
  };
}
