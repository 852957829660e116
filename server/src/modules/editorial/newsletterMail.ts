// The weekly newsletter's message: the reader's areas (from the profile's department), the articles
// of the issue for them, the HTML and text parts, and the signed one-click unsubscribe token that
// every message carries in List-Unsubscribe with List-Unsubscribe-Post (RFC 2369, RFC 8058).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NEWSLETTER_LISTS, type NewsletterList } from '../../db/schema/newsletter.js';
import { LIST_LABELS } from './newsletterMessages.js';

/**
 * A reader's disease areas (article_classes ids) from the profile's department (`division`, a leaf of
 * the department tree, modules/regions/departments.ts). A reader whose department maps to none (a
 * student, other staff, 骨科…) has no areas and gets the whole issue.
 */
const AREAS_BY_DEPARTMENT: Record<string, number[]> = {
  心血管内科: [4],
  神经内科: [4],
  心脏大血管外科: [4],
  血管外科: [4],
  神经外科: [4],
  肿瘤内科: [2],
  肿瘤外科: [2],
  放射治疗科: [2],
  内分泌科: [3],
  呼吸内科: [7],
  胸外科: [7],
  妇科: [8],
  产科: [8],
  生殖医学科: [8],
  儿内科: [8],
  新生儿科: [8],
  小儿外科: [8],
  感染科: [9],
};

export const areasOfDepartment = (division: string | null | undefined): number[] => AREAS_BY_DEPARTMENT[(division ?? '').trim()] ?? [];

export interface NewsletterArticle {
  id: number;
  title: string;
  intro: string;
  permalinks: string;
  sourceName: string;
  classIds: number[];
}

/**
 * The articles a reader of `areas` gets: all of them when the reader has no areas; otherwise those
 * of one of the reader's areas, and those of no area at all (meant for every reader).
 */
export function articlesForAreas(articles: NewsletterArticle[], areas: number[]): NewsletterArticle[] {
  if (areas.length === 0) return articles;
  return articles.filter((a) => a.classIds.length === 0 || a.classIds.some((c) => areas.includes(c)));
}

// ---- the unsubscribe token ----

/** `<memberId>.<list>.<signature>`: HMAC-SHA256 of both under the server's key; no expiry (links in old mail keep working). */
export function unsubscribeToken(secret: string, memberId: number, list: NewsletterList): string {
  return `${memberId}.${list}.${signature(secret, memberId, list)}`;
}

function signature(secret: string, memberId: number, list: string): string {
  return createHmac('sha256', `${secret}:newsletter-unsubscribe`).update(`${memberId}.${list}`).digest('base64url').slice(0, 32);
}

/** The reader and list of a token this server signed, or null for anything else. */
export function readUnsubscribeToken(secret: string, token: string | undefined): { memberId: number; list: NewsletterList } | null {
  const m = /^([1-9]\d{0,9})\.([a-z]{2,8})\.([A-Za-z0-9_-]{32})$/.exec((token ?? '').trim());
  if (!m) return null;
  const memberId = Number(m[1]);
  const list = m[2] as NewsletterList;
  if (!Number.isSafeInteger(memberId) || memberId > 2_147_483_647 || !NEWSLETTER_LISTS.includes(list)) return null;
  const expected = Buffer.from(signature(secret, memberId, list));
  const given = Buffer.from(m[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { memberId, list } : null;
}

// ---- the message ----

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export interface RenderInput {
  subject: string;
  intro: string;
  issueTitle: string;
  articles: NewsletterArticle[];
  /** The site's public origin, e.g. https://www.example.com. */
  baseUrl: string;
  /** The one-click unsubscribe address (https://…/api/newsletter/unsubscribe?token=…). */
  unsubscribeUrl: string;
  list: NewsletterList;
}

export function renderNewsletter(input: RenderInput): { html: string; text: string } {
  const link = (a: NewsletterArticle) => `${input.baseUrl}/article-info?permalinks=${encodeURIComponent(a.permalinks)}`;
  const intro = input.intro.trim();
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font:15px/1.7 -apple-system,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2329">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" style="max-width:640px;width:100%;background:#fff;border-radius:8px">
<tr><td style="padding:24px 28px 8px"><div style="color:#b8252b;font-weight:600;font-size:14px">千言医学 · 周刊</div>
<h1 style="font-size:22px;margin:6px 0 0">${escapeHtml(input.issueTitle)}</h1></td></tr>
${intro ? `<tr><td style="padding:8px 28px 0;color:#3d4450">${escapeHtml(intro).replace(/\n/g, '<br>')}</td></tr>` : ''}
${input.articles
  .map(
    (a) => `<tr><td style="padding:16px 28px 0"><div style="color:#8f959e;font-size:13px">${escapeHtml(a.sourceName)}</div>
<a href="${escapeHtml(link(a))}" style="color:#1f2329;font-size:17px;font-weight:600;text-decoration:none">${escapeHtml(a.title)}</a>
${a.intro ? `<div style="color:#646a73;font-size:14px;margin-top:4px">${escapeHtml(a.intro.length > 160 ? `${a.intro.slice(0, 160)}…` : a.intro)}</div>` : ''}</td></tr>`,
  )
  .join('\n')}
<tr><td style="padding:24px 28px;color:#8f959e;font-size:12px;border-top:1px solid #eef0f3">
你收到这封邮件，是因为你在千言医学订阅了“${escapeHtml(LIST_LABELS[input.list])}”。
<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#8f959e">退订</a></td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    `千言医学 · 周刊：${input.issueTitle}`,
    ...(intro ? ['', intro] : []),
    '',
    ...input.articles.flatMap((a) => [`【${a.sourceName}】${a.title}`, link(a), '']),
    `你收到这封邮件，是因为你在千言医学订阅了“${LIST_LABELS[input.list]}”。退订：${input.unsubscribeUrl}`,
  ].join('\n');
  return { html, text };
}
