// What the editorial console's suites share: calling /api/editor as a staff account, reading a reply
// or its refusal, and a journal draft with every reader-visible field.
import assert from 'node:assert/strict';
import type { TestContext } from './helpers.js';

export interface Reply<T = any> {
  code: number;
  msg: string;
  data: T;
}

/** POST /api/editor<path> with a token; the envelope. */
export const editorCall = async (ctx: TestContext, path: string, body: unknown, token?: string): Promise<Reply> =>
  (await ctx.post(`/api/editor${path}`, body, token)).body;

/** The data of a successful reply (fails with the reply otherwise). */
export function dataOf<T = any>(reply: Reply<T>): T {
  assert.equal(reply.code, 0, JSON.stringify(reply).slice(0, 400));
  return reply.data;
}

/** Asserts a refusal with this code and message. */
export function refused(reply: { code: number; msg: string }, code: number, msg: string | RegExp) {
  assert.equal(reply.code, code, JSON.stringify(reply).slice(0, 400));
  if (typeof msg === 'string') assert.equal(reply.msg, msg);
  else assert.match(reply.msg, msg);
}

/** An audit row as /api/editor/audit/list gives it. */
export interface AuditRow {
  action: string;
  actorName: string;
  targetId: number;
  targetLabel: string;
  before: any;
  after: any;
}

/** The audit trail of one target type, newest first, read by an admin. */
export const auditTrail = async (ctx: TestContext, targetType: string, adminToken: string): Promise<AuditRow[]> =>
  dataOf(await editorCall(ctx, '/audit/list', { targetType, pageSize: 100 }, adminToken)).results;

/** The demo staff accounts and a reader, logged in. */
export async function staffTokens(ctx: TestContext) {
  const [contributor, editor, admin, reader] = await Promise.all(['demo_contributor', 'demo_editor', 'demo_admin', 'demo_reader'].map((n) => ctx.login(n)));
  return { contributor: contributor!, editor: editor!, admin: admin!, reader: reader! };
}

/** A journal article's document (source 5) with a unique permalinks and title; fields override. */
export function journalDraft(tag: string, fields: Record<string, unknown> = {}) {
  return {
    sourceId: 5,
    filterId: 3,
    classIds: [4],
    permalinks: `QYE${tag}`,
    title: `编辑部测试稿 ${tag}`,
    outtitle: `Editorial Test ${tag}`,
    intro: '一篇用于测试的摘要。',
    content: `<p>正文 ${tag}：会员可读。</p>`,
    wantsay: `<p>述评免费部分 ${tag}。</p><hr><p>述评会员部分 ${tag}。</p>`,
    wantsayTitle: '述评',
    accessLevel: 'member',
    ...fields,
  };
}
