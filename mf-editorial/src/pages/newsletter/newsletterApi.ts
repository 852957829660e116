// 周刊邮件: the weekly newsletter routes of the editorial console (server/src/modules/editorial/
// newsletterRoutes.ts, /api/editor/newsletter/*, editors and admins).
import { post, type CallOptions } from '@qianyan/shared/core';

const N = '/api/editor/newsletter';

export interface NewsletterCompose {
  issueId?: number;
  subject: string;
  intro: string;
}

export interface NewsletterPreview {
  subject: string;
  html: string;
  text: string;
  articleCount: number;
  issueArticleCount: number;
  recipients: number;
}

export interface NewsletterJob {
  id: number;
  issueId: number;
  issueTitle: string;
  list: string;
  subject: string;
  state: 'running' | 'done';
  stateLabel: string;
  ratePerSecond: number;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  createdByName: string;
  createdAt: string;
  finishedAt: string;
  failures: { email: string; error: string }[];
}

export const newsletterApi = {
  preview: (body: NewsletterCompose & { classIds?: number[] }, opts?: CallOptions) => post<NewsletterPreview>(`${N}/preview`, body, opts),
  testSend: (body: NewsletterCompose, opts?: CallOptions) => post<{ email: string; msg: string; articleCount: number }>(`${N}/test`, body, opts),
  send: (body: NewsletterCompose & { ratePerSecond: number }, opts?: CallOptions) => post<NewsletterJob>(`${N}/send`, body, opts),
  jobs: (opts?: CallOptions) => post<{ results: NewsletterJob[] }>(`${N}/jobs`, {}, opts),
  job: (id: number, opts?: CallOptions) => post<NewsletterJob>(`${N}/job`, { id }, opts),
};

/** What a compose form sends: trimmed, so a test send and a send of the same words compare equal. */
export const composeOf = (values: { issueId?: number; subject?: string; intro?: string }): NewsletterCompose => ({
  issueId: values.issueId,
  subject: (values.subject ?? '').trim(),
  intro: (values.intro ?? '').trim(),
});

/** The key of what was test-sent: sending needs a test send of exactly this. */
export const composeKey = (c: NewsletterCompose) => JSON.stringify([c.issueId ?? null, c.subject, c.intro]);

/** Percent of a job's readers dealt with (sent, failed or skipped). */
export const percentOf = (job: Pick<NewsletterJob, 'total' | 'sent' | 'failed' | 'skipped'>) =>
  job.total === 0 ? 100 : Math.floor(((job.sent + job.failed + job.skipped) / job.total) * 100);
