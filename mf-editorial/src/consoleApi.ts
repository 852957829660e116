// The console's API for revisions, preview links, weekly issues, staff and the audit trail
// (server/src/modules/editorial/routes.ts), in the site's envelope through @qianyan/shared.
import { call, post, type CallOptions } from '@qianyan/shared/core';
import type { ArticleDocument, EditorArticle, EditorialState, Page, StaffRole } from './api';

interface StaffRef {
  id: number;
  username: string;
}

export type RevisionKind = 'create' | 'save' | 'restore' | 'conflict';

export interface RevisionItem {
  id: number;
  /** The article revision it made; null when it was not applied (a conflict). */
  revision: number | null;
  baseRevision: number;
  applied: boolean;
  kind: RevisionKind;
  restoredFrom: number | null;
  member: StaffRef | null;
  changed: string[];
  createdAt: string;
}

export interface RevisionDetail extends RevisionItem {
  document: ArticleDocument;
}

export type PreviewAudience = 'visitor' | 'reader' | 'member';

export interface PreviewLink {
  id: number;
  audience: PreviewAudience;
  audienceLabel: string;
  createdBy: StaffRef | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string;
  active: boolean;
}

export interface PreviewCreated extends PreviewLink {
  /** The server's `token` (shown once), renamed: see createPreview. */
  previewToken: string;
  url: string;
}

/**
 * The shared client takes a string `token` in any reply's data for the session's new token (login
 * replies); the preview link's token must not replace the editor's session, so it is renamed
 * before the client reads the reply.
 */
export function renamePreviewToken(raw: unknown): unknown {
  const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  const data = (body as { data?: Record<string, unknown> } | null)?.data;
  if (data && typeof data.token === 'string') {
    data.previewToken = data.token;
    delete data.token;
  }
  return body;
}

export interface IssueArticle {
  id: number;
  title: string;
  sourceId: number;
  sourceName: string;
  permalinks: string;
  state: EditorialState;
  stateLabel: string;
  publishAtShanghai: string;
}

export interface IssueListItem {
  id: number;
  title: string;
  thedate: string;
  state: 'draft' | 'published';
  stateLabel: string;
  revision: number;
  articleCount: number;
  liveCount: number;
  catalogue: IssueArticle | null;
  publishedAt: string;
  createdBy: StaffRef | null;
  updatedAt: string;
}

export interface IssueDetail extends IssueListItem {
  articles: IssueArticle[];
}

export interface IssueSave {
  id: number;
  baseRevision: number;
  title?: string;
  thedate?: string;
  articleIds?: number[];
  catalogueId?: number | null;
}

export interface StaffMember {
  memberId: number;
  username: string;
  truename: string;
  role: StaffRole;
  grantedAt: string;
  grantedBy: StaffRef | null;
}

export const AUDIT_ACTIONS = ['submit', 'publish', 'schedule', 'unschedule', 'withdraw', 'to_draft', 'restore', 'role', 'save', 'preview', 'delete', 'upload', 'reorder', 'refund', 'export', 'member_extend', 'member_grant', 'member_end', 'end_sessions'] as const;
export const AUDIT_TARGETS = ['article', 'member', 'issue', 'glossary', 'media', 'banner', 'advert', 'hot_read', 'module_switch', 'plan', 'benefit', 'subscribe_text', 'order'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export interface AuditEntry {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number;
  targetLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note: string;
}

export interface AuditQuery {
  pageNo?: number;
  pageSize?: number;
  action?: AuditAction;
  actorId?: number;
  targetType?: AuditTarget;
  targetId?: number;
  /** YYYYMMDD, Asia/Shanghai, both or neither. */
  startDate?: string;
  endDate?: string;
}

const E = '/api/editor';

export const consoleApi = {
  revisions: (id: number, opts?: CallOptions) => post<RevisionItem[]>(`${E}/article/revisions`, { id }, opts),
  revision: (id: number, revisionId: number, opts?: CallOptions) => post<RevisionDetail>(`${E}/article/revision`, { id, revisionId }, opts),
  restore: (id: number, revisionId: number, baseRevision: number, opts?: CallOptions) =>
    post<EditorArticle>(`${E}/article/restore`, { id, revisionId, baseRevision }, opts),

  createPreview: (id: number, audience: PreviewAudience, hours: number, opts?: CallOptions) =>
    call<PreviewCreated>({ method: 'post', url: `${E}/article/preview/create`, data: { id, audience, hours }, transformResponse: [renamePreviewToken] }, opts),
  previews: (id: number, opts?: CallOptions) => post<PreviewLink[]>(`${E}/article/preview/list`, { id }, opts),
  revokePreview: (id: number, previewId: number, opts?: CallOptions) => post<PreviewLink>(`${E}/article/preview/revoke`, { id, previewId }, opts),

  issues: (query: { pageNo?: number; pageSize?: number; state?: 'draft' | 'published'; year?: number }, opts?: CallOptions) =>
    post<Page<IssueListItem>>(`${E}/issue/list`, query, opts),
  issue: (id: number, opts?: CallOptions) => post<IssueDetail>(`${E}/issue/get`, { id }, opts),
  createIssue: (title: string, thedate: string, opts?: CallOptions) => post<IssueDetail>(`${E}/issue/create`, { title, thedate }, opts),
  saveIssue: (body: IssueSave, opts?: CallOptions) => post<IssueDetail>(`${E}/issue/save`, body, opts),
  publishIssue: (id: number, revision: number, opts?: CallOptions) => post<IssueDetail>(`${E}/issue/publish`, { id, revision }, opts),
  withdrawIssue: (id: number, revision: number, opts?: CallOptions) => post<IssueDetail>(`${E}/issue/withdraw`, { id, revision }, opts),

  staff: (opts?: CallOptions) => post<StaffMember[]>(`${E}/staff/list`, {}, opts),
  /** role '' takes the staff role away. */
  setRole: (account: string, role: StaffRole | '', opts?: CallOptions) =>
    post<{ memberId: number; username: string; role: StaffRole | null }>(`${E}/staff/setRole`, { account, role }, opts),

  audit: (query: AuditQuery, opts?: CallOptions) => post<Page<AuditEntry>>(`${E}/audit/list`, query, opts),
};
