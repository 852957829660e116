// Who may do what in the editorial console: one function per action, beside the resource it guards
// (Payload's `access: { read, create, update }`), run by the service on the server for every call.
// A function answers with the refusal's message, or undefined when the action is allowed; the
// console may ask the same functions (through /api/editor/me) to hide what would be refused.
import type { EditorialState } from '../../db/schema/content.js';
import type { StaffRole } from '../../db/schema/editorial.js';
import { EditorialMessages as M } from './messages.js';

/** The caller of a staff route: a logged-in account with a staff role. */
export interface Staff {
  id: number;
  username: string;
  role: StaffRole;
}

const RANK: Record<StaffRole, number> = { contributor: 1, editor: 2, admin: 3 };

export const atLeast = (staff: Staff, role: StaffRole) => RANK[staff.role] >= RANK[role];

/** The message refusing a caller whose role is below `role`. */
export function roleRefusal(role: StaffRole): string {
  return role === 'admin' ? M.adminOnly : role === 'editor' ? M.editorOnly : M.notStaff;
}

/** What the rules need to know of an article. */
export interface ArticleFacts {
  state: EditorialState;
  createdBy: number | null;
}

type Rule = (staff: Staff, article: ArticleFacts) => string | undefined;

const own = (staff: Staff, article: ArticleFacts) => article.createdBy === staff.id;
const editor = (staff: Staff) => (atLeast(staff, 'editor') ? undefined : M.editorOnly);

export const articleAccess = {
  /** Editors read everything; a contributor reads the articles they created. */
  read: ((staff, article) => (atLeast(staff, 'editor') || own(staff, article) ? undefined : M.notOwnArticle)) as Rule,
  /** Any staff member writes new drafts. */
  create: (_staff: Staff): string | undefined => undefined,
  /** Editors edit anything, in any state; a contributor edits their own drafts only. */
  update: ((staff, article) => {
    if (atLeast(staff, 'editor')) return undefined;
    if (!own(staff, article)) return M.notOwnArticle;
    return article.state === 'draft' ? undefined : M.notDraftAnymore;
  }) as Rule,
  /** Sending a draft for review: its owner, or an editor. */
  submit: ((staff, article) => (atLeast(staff, 'editor') || own(staff, article) ? undefined : M.notOwnArticle)) as Rule,
  /**
   * Back to draft: a contributor takes back their own article from review; an editor returns any
   * article in review, unschedules, or reopens a withdrawn one.
   */
  toDraft: ((staff, article) => {
    if (atLeast(staff, 'editor')) return undefined;
    if (!own(staff, article)) return M.notOwnArticle;
    return article.state === 'in_review' ? undefined : M.editorOnly;
  }) as Rule,
  publish: editor as Rule,
  schedule: editor as Rule,
  withdraw: editor as Rule,
  /** Restoring a revision is an edit of the article. */
  restore: ((staff, article) => articleAccess.update(staff, article)) as Rule,
};

export type ArticleAction = keyof typeof articleAccess;

export const staffAccess = {
  /** Staff accounts and their roles: admins only. */
  list: (staff: Staff) => (atLeast(staff, 'admin') ? undefined : M.adminOnly),
  setRole: (staff: Staff) => (atLeast(staff, 'admin') ? undefined : M.adminOnly),
};

export const auditAccess = {
  /** The audit trail: admins only. */
  read: (staff: Staff) => (atLeast(staff, 'admin') ? undefined : M.adminOnly),
};

export const issueAccess = {
  /** Weekly issues are built, published and withdrawn by editors (and admins). */
  read: (staff: Staff) => (atLeast(staff, 'editor') ? undefined : M.editorOnly),
  write: (staff: Staff) => (atLeast(staff, 'editor') ? undefined : M.editorOnly),
  publish: (staff: Staff) => (atLeast(staff, 'editor') ? undefined : M.editorOnly),
};

export const mediaAccess = {
  /** Any staff role uploads pictures, video and audio (a contributor illustrates their own drafts). */
  upload: (_staff: Staff): string | undefined => undefined,
  /** Any staff role browses the library; attaching an item is a save of the article (its own rules). */
  list: (_staff: Staff): string | undefined => undefined,
};
