// The editorial console's API (/api/editor/…, server/src/modules/editorial/routes.ts), in the site's
// envelope through @qianyan/shared's client: a missing session opens the login dialog there.
import { call, post, type CallOptions } from '@qianyan/shared/core';

export type StaffRole = 'contributor' | 'editor' | 'admin';
export type EditorialState = 'draft' | 'in_review' | 'scheduled' | 'published' | 'withdrawn';
export type AccessLevel = 'public' | 'login' | 'member';

/** Codes the console reacts to (the rest show the server's message). */
export const CODE_FORBIDDEN = 10403;
export const CODE_CONFLICT = 10409;

export interface StaffMe {
  id: number;
  username: string;
  role: StaffRole;
  can: { createArticle: boolean; publish: boolean; manageStaff: boolean; readAudit: boolean };
}

/** The editable document (server schemas.ts ArticleDocument). */
export interface ArticleDocument {
  sourceId: number;
  filterId: number | null;
  typeId: number | null;
  weeklyIssueId: number | null;
  classIds: number[];
  permalinks: string;
  title: string;
  outtitle: string;
  author: string;
  pcauthor: string;
  intro: string;
  content: string;
  wantsay: string;
  wantsayTitle: string;
  coi: string;
  keyword: string;
  aboutcontent: string;
  appendix: string;
  thank: string;
  pubdate: string;
  thumb: string;
  videoUrl: string;
  outlink: string;
  relationArticleIds: number[];
  accessLevel: AccessLevel;
  linkOnly: boolean;
  enAuthors: string;
  enAbstract: string;
  enBody: string;
  enReferences: string;
}

export type DocumentField = keyof ArticleDocument;

interface StaffRef {
  id: number;
  username: string;
}

interface StateFields {
  id: number;
  state: EditorialState;
  stateLabel: string;
  revision: number;
  publishAt: string;
  publishAtShanghai: string;
  postdate: string;
  firstPublishedAt: string;
  createdBy: StaffRef | null;
  updatedAt: string;
}

export interface EditorArticle extends StateFields {
  createdAt: string;
  document: ArticleDocument;
  can: { update: boolean; submit: boolean; toDraft: boolean; publish: boolean; schedule: boolean; withdraw: boolean; restore: boolean };
}

export interface EditorListItem extends StateFields {
  title: string;
  sourceId: number;
  sourceName: string;
  permalinks: string;
  accessLevel: AccessLevel;
}

export interface Page<T> {
  results: T[];
  page: { total: number; pages: number; pageNo: number; pageSize: number };
}

export interface ListQuery {
  pageNo?: number;
  pageSize?: number;
  state?: EditorialState;
  sourceId?: number;
  mine?: boolean;
  title?: string;
}

export type Transition = 'submit' | 'toDraft' | 'publish' | 'withdraw';

export interface JatsSummary {
  title: string;
  authors: number;
  sections: number;
  references: number;
  tables: number;
  doi: string;
  filled: string[];
  warnings: string[];
}

export interface DocxSummary {
  headings: number;
  lists: number;
  paragraphs: number;
  tables: number;
  imagesDropped: number;
  filled: string[];
  warnings: string[];
}

const E = '/api/editor';

function upload<T>(kind: 'jats' | 'docx', id: number, baseRevision: number, file: File, opts?: CallOptions) {
  // The server reads the fields before the file (it checks the caller may edit the article first).
  const form = new FormData();
  form.append('id', String(id));
  form.append('baseRevision', String(baseRevision));
  form.append('file', file, file.name);
  return call<T>({ method: 'post', url: `${E}/article/import/${kind}`, data: form, timeout: 120_000 }, opts);
}

export const editorApi = {
  me: (opts?: CallOptions) => post<StaffMe>(`${E}/me`, {}, opts),
  list: (query: ListQuery, opts?: CallOptions) => post<Page<EditorListItem>>(`${E}/article/list`, query, opts),
  get: (id: number, opts?: CallOptions) => post<EditorArticle>(`${E}/article/get`, { id }, opts),
  create: (document: Partial<ArticleDocument>, opts?: CallOptions) => post<EditorArticle>(`${E}/article/create`, { document }, opts),
  save: (id: number, baseRevision: number, document: Partial<ArticleDocument>, opts?: CallOptions) =>
    post<EditorArticle>(`${E}/article/save`, { id, baseRevision, document }, opts),
  transition: (action: Transition, id: number, revision: number, opts?: CallOptions) =>
    post<EditorArticle>(`${E}/article/${action}`, { id, revision }, opts),
  /** publishAt: 'YYYY-MM-DD HH:mm', Asia/Shanghai. */
  schedule: (id: number, revision: number, publishAt: string, opts?: CallOptions) =>
    post<EditorArticle>(`${E}/article/schedule`, { id, revision, publishAt }, opts),
  importJats: (id: number, baseRevision: number, file: File, opts?: CallOptions) =>
    upload<{ article: EditorArticle; summary: JatsSummary }>('jats', id, baseRevision, file, opts),
  importDocx: (id: number, baseRevision: number, file: File, opts?: CallOptions) =>
    upload<{ article: EditorArticle; summary: DocxSummary }>('docx', id, baseRevision, file, opts),
};
