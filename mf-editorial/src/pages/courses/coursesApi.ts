// 课程与会议: the courses and conferences routes of the editorial console
// (server/src/modules/editorial/coursesRoutes.ts, /api/editor/courses/* and /api/editor/conferences/*),
// with the pure helpers the forms use. Both follow the article workflow: draft → in review →
// scheduled → published → withdrawn, revisions, every change audited on the server.
import { post, type CallOptions } from '@qianyan/shared/core';

export type ContentState = 'draft' | 'in_review' | 'scheduled' | 'published' | 'withdrawn';
export type WorkflowAction = 'submit' | 'toDraft' | 'publish' | 'schedule' | 'withdraw';

export interface MediaRef {
  url: string;
  fileType: 'video' | 'audio' | 'image' | string;
}

export interface LessonDocument {
  parentId: number | null;
  title: string;
  subhead: string;
  subjectSerType: number;
  subjectType: number;
  ifViewAuth: number;
  memberOnly: number;
  classIds: number[];
  coverPc: string;
  coverMobile: string;
  media: MediaRef[];
  content: string;
  aboutcontent: string;
  outsideChain: string;
}

export interface ConferenceDocument {
  title: string;
  subhead: string;
  sponsor: string;
  imgPc: string;
  classIds: number[];
  beginTime: string;
  endTime: string;
  content: string;
  media: MediaRef[];
  status: number;
}

export interface Can {
  update: boolean;
  submit: boolean;
  toDraft: boolean;
  publish: boolean;
  schedule: boolean;
  withdraw: boolean;
  restore: boolean;
}

export interface WorkflowFields {
  id: number;
  state: ContentState;
  stateLabel: string;
  revision: number;
  publishAtShanghai: string;
  createdBy: { id: number; username: string } | null;
  updatedAt: string;
}

export interface ChildLesson {
  id: number;
  lessonResId: number;
  title: string;
  state: ContentState;
  stateLabel: string;
  subjectSerType: number;
  ifViewAuth: number;
  memberOnly: number;
  sort: number;
}

export interface EditorLesson extends WorkflowFields {
  lessonResId: number;
  document: LessonDocument;
  children: ChildLesson[];
  can: Can;
}

export interface EditorConference extends WorkflowFields {
  document: ConferenceDocument;
  can: Can;
}

export interface LessonListItem extends WorkflowFields {
  lessonResId: number;
  title: string;
  subjectSerType: number;
  subjectType: number;
  ifViewAuth: number;
  memberOnly: number;
  outsideChain: string;
  childCount: number;
}

export interface ConferenceListItem extends WorkflowFields {
  title: string;
  sponsor: string;
  status: number;
  beginTime: string;
  endTime: string;
}

export interface Paged<T> {
  results: T[];
  page: { total: number; pageNo: number; pageSize: number };
}

export interface RevisionItem {
  id: number;
  revision: number | null;
  baseRevision: number;
  applied: boolean;
  kind: 'create' | 'save' | 'restore' | 'conflict';
  restoredFrom: number | null;
  member: { id: number; username: string } | null;
  changed: string[];
  createdAt: string;
}

export interface ListQuery {
  pageNo?: number;
  pageSize?: number;
  state?: ContentState;
  title?: string;
  subjectSerType?: number;
  status?: number;
}

/** The calls of one kind (courses or conferences): the same shape for both. */
function contentApi<Item, Editor, Doc>(base: string) {
  return {
    list: (query: ListQuery, opts?: CallOptions) => post<Paged<Item>>(`${base}/list`, query, opts),
    get: (id: number, opts?: CallOptions) => post<Editor>(`${base}/get`, { id }, opts),
    create: (document: Partial<Doc>, opts?: CallOptions) => post<Editor>(`${base}/create`, { document }, opts),
    save: (id: number, baseRevision: number, document: Partial<Doc>, opts?: CallOptions) => post<Editor>(`${base}/save`, { id, baseRevision, document }, opts),
    transition: (action: WorkflowAction, body: { id: number; revision: number; publishAt?: string; note?: string }, opts?: CallOptions) =>
      post<Editor>(`${base}/${action}`, body, opts),
    revisions: (id: number, opts?: CallOptions) => post<RevisionItem[]>(`${base}/revisions`, { id }, opts),
    restore: (id: number, revisionId: number, baseRevision: number, opts?: CallOptions) => post<Editor>(`${base}/restore`, { id, revisionId, baseRevision }, opts),
  };
}

export const coursesApi = {
  ...contentApi<LessonListItem, EditorLesson, LessonDocument>('/api/editor/courses'),
  order: (id: number, revision: number, childIds: number[], opts?: CallOptions) => post<EditorLesson>('/api/editor/courses/order', { id, revision, childIds }, opts),
};
export const conferencesApi = contentApi<ConferenceListItem, EditorConference, ConferenceDocument>('/api/editor/conferences');

export const isSeries = (subjectSerType: number) => subjectSerType === 2 || subjectSerType === 5;

/** What a course of this type needs of its media (the server's rule): 'video', 'audio', 'content' (image-text) or nothing (a series, an outside chain). */
export function lessonNeeds(doc: Pick<LessonDocument, 'subjectSerType' | 'subjectType' | 'outsideChain'>): 'video' | 'audio' | 'content' | null {
  if (isSeries(doc.subjectSerType) || doc.outsideChain.trim()) return null;
  if (doc.subjectSerType === 4 || doc.subjectType === 3) return 'content';
  return doc.subjectType === 2 ? 'video' : 'audio';
}

/** The child lessons with one moved up (-1) or down (+1): the ids in the new order. */
export function moveChild(ids: number[], id: number, by: -1 | 1): number[] {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return ids;
  const next = [...ids];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** 'YYYY-MM-DD HH:mm' of an end before its begin (the server refuses it too). */
export const endsBeforeBegin = (begin: string, end: string) => !!begin && !!end && end < begin;

export const EMPTY_LESSON: LessonDocument = {
  parentId: null,
  title: '',
  subhead: '',
  subjectSerType: 1,
  subjectType: 2,
  ifViewAuth: 2,
  memberOnly: 0,
  classIds: [],
  coverPc: '',
  coverMobile: '',
  media: [],
  content: '',
  aboutcontent: '',
  outsideChain: '',
};

export const EMPTY_CONFERENCE: ConferenceDocument = {
  title: '',
  subhead: '',
  sponsor: '',
  imgPc: '',
  classIds: [],
  beginTime: '',
  endTime: '',
  content: '',
  media: [],
  status: 2,
};
