import Type, { type Static } from 'typebox';
import { EDITORIAL_STATES, ISSUE_STATES } from '../../db/schema/content.js';
import { AUDIT_ACTIONS, AUDIT_TARGETS, PREVIEW_AUDIENCES, STAFF_ROLES } from '../../db/schema/editorial.js';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID, PageResultSchema, pageQueryProperties, Ymd } from '../../lib/lists.js';
import { EditorialMessages as M } from './messages.js';

const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

const Id = (description: string, errorMessage: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description, errorMessage });
const NullableId = (description: string, errorMessage: string) =>
  Type.Union([Id(description, errorMessage), Type.Null()], { description, errorMessage });
const Text = (maxLength: number, description: string) =>
  Type.String({ maxLength, description, errorMessage: `${description}不能超过${maxLength}个字符` });

export const ACCESS_LEVELS = ['public', 'login', 'member'] as const;

/**
 * The editable document of an article: every field a reader sees (spec §3 Article) and the English
 * original beside the Chinese. HTML fields hold the editor's HTML. postdate is not part of it: the
 * workflow sets it when the article first goes live (docs/decisions.md "Editorial console").
 */
const documentProperties = {
  sourceId: Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'Source: 5 journal, 6 digest, 7 animation, 8 audio, 9 clinical research writing, 10 catalyst, 11 evidence, 1 commentary', errorMessage: '来源编号格式不正确' }),
  filterId: NullableId('Filter (list tab) of the source', '文章分类编号格式不正确'),
  typeId: NullableId('Article type (clinical research writing)', '文章类型编号格式不正确'),
  weeklyIssueId: NullableId('Weekly issue', '期刊周刊编号格式不正确'),
  classIds: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 20, description: 'Disease areas', errorMessage: '专业领域编号格式不正确' }),
  permalinks: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'The reader URL key; generated when left out of a new draft', errorMessage: M.permalinksShape }),
  title: Text(500, '标题'),
  outtitle: Text(1000, '英文标题'),
  author: Text(5000, '作者'),
  pcauthor: Text(5000, '作者（姓名）'),
  intro: Text(20_000, '摘要'),
  content: Text(2_000_000, '正文'),
  wantsay: Text(500_000, '述评'),
  wantsayTitle: Text(500, '述评标题'),
  coi: Text(100_000, '利益冲突声明'),
  keyword: Text(1000, '关键词'),
  aboutcontent: Text(500_000, '参考文献'),
  appendix: Text(500_000, '附录'),
  thank: Text(100_000, '致谢'),
  pubdate: Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description: "Publication date of the original, YYYY-MM-DD or ''", errorMessage: M.pubdateInvalid }),
  thumb: Text(2000, '缩略图地址'),
  videoUrl: Text(2000, '视频或音频地址'),
  outlink: Text(2000, '原文链接'),
  relationArticleIds: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 50, description: 'Related articles', errorMessage: '相关文章编号格式不正确' }),
  accessLevel: StringEnum(ACCESS_LEVELS, { description: 'public, login or member', errorMessage: '阅读权限应为public、login或member' }),
  linkOnly: Type.Boolean({ description: 'Published by link only (a catalogue): never listed', errorMessage: '参数linkOnly不正确' }),
  enAuthors: Text(5000, '英文作者'),
  enAbstract: Text(50_000, '英文摘要'),
  enBody: Text(2_000_000, '英文正文'),
  enReferences: Text(500_000, '英文参考文献'),
};

/** The whole document, as replies carry it. */
export const ArticleDocument = Type.Object(documentProperties);
export type ArticleDocument = Static<typeof ArticleDocument>;
export const DOCUMENT_FIELDS = Object.keys(documentProperties) as (keyof ArticleDocument)[];

/** Fields of a document to write: any of them (a new draft needs a title and a source). */
export const DocumentInput = Type.Partial(ArticleDocument, { additionalProperties: false, errorMessage: '文章字段不正确' });
export type DocumentInput = Static<typeof DocumentInput>;

const articleId = Id('Article id', M.articleIdRequired);
const revisionNo = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description, errorMessage: '版本号格式不正确' });

export const CreateArticleBody = Type.Object({ document: DocumentInput });
export type CreateArticleBody = Static<typeof CreateArticleBody>;

export const SaveArticleBody = Type.Object({
  id: articleId,
  baseRevision: revisionNo('The revision this text was based on (the article\'s revision when it was opened or last saved)'),
  document: DocumentInput,
});
export type SaveArticleBody = Static<typeof SaveArticleBody>;

export const ArticleIdBody = Type.Object({ id: articleId });
export type ArticleIdBody = Static<typeof ArticleIdBody>;

export const TransitionBody = Type.Object({
  id: articleId,
  revision: revisionNo('The revision the caller saw: refused when the article changed since'),
  note: Type.Optional(Text(500, '备注')),
});
export type TransitionBody = Static<typeof TransitionBody>;

export const ScheduleBody = Type.Object({
  ...TransitionBody.properties,
  publishAt: Type.String({
    maxLength: 40,
    description: "When it goes live: 'YYYY-MM-DD HH:mm' (Asia/Shanghai), or an ISO-8601 instant with its offset",
    errorMessage: M.publishAtInvalid,
  }),
});
export type ScheduleBody = Static<typeof ScheduleBody>;

export const EditorListBody = Type.Object({
  ...pageQueryProperties,
  state: Type.Optional(StringEnum(EDITORIAL_STATES, { description: 'Only this state', errorMessage: '文章状态不正确' })),
  sourceId: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, errorMessage: '来源编号格式不正确' })),
  mine: Type.Optional(Type.Boolean({ description: 'Only articles I created (always so for a contributor)', errorMessage: '参数mine不正确' })),
  title: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the title', errorMessage: '标题不能超过100个字符' })),
});
export type EditorListBody = Static<typeof EditorListBody>;

export const RevisionBody = Type.Object({ id: articleId, revisionId: Id('Revision row id', M.revisionUnknown) });
export type RevisionBody = Static<typeof RevisionBody>;

export const RestoreBody = Type.Object({
  id: articleId,
  revisionId: Id('Revision row id (applied or not)', M.revisionUnknown),
  baseRevision: revisionNo('The article revision the caller saw'),
});
export type RestoreBody = Static<typeof RestoreBody>;

const StaffRef = Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]);

const Permissions = Type.Object(
  {
    update: Type.Boolean(),
    submit: Type.Boolean(),
    toDraft: Type.Boolean(),
    publish: Type.Boolean(),
    schedule: Type.Boolean(),
    withdraw: Type.Boolean(),
    restore: Type.Boolean(),
  },
  { description: "What the caller may do with this article now (the server checks again on every call)" },
);

const stateFields = {
  id: Type.Integer(),
  state: StringEnum(EDITORIAL_STATES),
  stateLabel: Type.String({ description: '草稿, 待审核, 已排期, 已发布 or 已撤回' }),
  revision: Type.Integer({ description: 'Send it back as baseRevision (saves) or revision (state changes)' }),
  publishAt: Type.String({ description: "Scheduled time, ISO-8601, or ''" }),
  publishAtShanghai: Type.String({ description: "Scheduled time, 'YYYY-MM-DD HH:mm' Asia/Shanghai, or ''" }),
  postdate: Type.String({ description: 'ISO-8601: the publication time readers see (set when first published)' }),
  firstPublishedAt: Type.String({ description: "ISO-8601, or '' while never published" }),
  createdBy: StaffRef,
  updatedAt: Type.String(),
};

export const EditorArticle = Type.Object({
  ...stateFields,
  createdAt: Type.String(),
  document: ArticleDocument,
  can: Permissions,
});
export type EditorArticle = Static<typeof EditorArticle>;
export const EditorArticleResponse = { 200: Envelope(EditorArticle) };

export const EditorListItem = Type.Object({
  ...stateFields,
  title: Type.String(),
  sourceId: Type.Integer(),
  sourceName: Type.String(),
  permalinks: Type.String(),
  accessLevel: StringEnum(ACCESS_LEVELS),
});
export type EditorListItem = Static<typeof EditorListItem>;
export const EditorListResponse = { 200: Envelope(PageResultSchema(EditorListItem)) };

const revisionFields = {
  id: Type.Integer(),
  revision: Type.Union([Type.Integer(), Type.Null()], { description: 'The article revision it made; null when not applied' }),
  baseRevision: Type.Integer(),
  applied: Type.Boolean(),
  kind: StringEnum(['create', 'save', 'restore', 'conflict'] as const, { description: 'conflict: refused because someone else saved first; kept, not applied' }),
  restoredFrom: Type.Union([Type.Integer(), Type.Null()]),
  member: StaffRef,
  changed: Type.Array(Type.String(), { description: 'Document fields this save changed against its base revision' }),
  createdAt: Type.String(),
};
export const RevisionItem = Type.Object(revisionFields);
export type RevisionItem = Static<typeof RevisionItem>;
export const RevisionListResponse = { 200: Envelope(Type.Array(RevisionItem)) };
export const RevisionDetail = Type.Object({ ...revisionFields, document: ArticleDocument });
export type RevisionDetail = Static<typeof RevisionDetail>;
export const RevisionDetailResponse = { 200: Envelope(RevisionDetail) };

export const MeResponse = {
  200: Envelope(
    Type.Object({
      id: Type.Integer(),
      username: Type.String(),
      role: StringEnum(STAFF_ROLES),
      can: Type.Object({
        createArticle: Type.Boolean(),
        publish: Type.Boolean(),
        manageStaff: Type.Boolean(),
        readAudit: Type.Boolean(),
      }),
    }),
  ),
};

export const StaffMember = Type.Object({
  memberId: Type.Integer(),
  username: Type.String(),
  truename: Type.String(),
  role: StringEnum(STAFF_ROLES),
  grantedAt: Type.String(),
  grantedBy: StaffRef,
});
export type StaffMember = Static<typeof StaffMember>;
export const StaffListResponse = { 200: Envelope(Type.Array(StaffMember)) };

export const SetRoleBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 254, description: 'Username, mobile or e-mail of the account', errorMessage: '请输入用户名、手机或邮箱' }),
  role: Type.Union([StringEnum(STAFF_ROLES), Type.Literal('')], {
    description: "contributor, editor, admin, or '' to take the role away",
    errorMessage: '角色应为contributor、editor、admin或空',
  }),
  note: Type.Optional(Text(500, '备注')),
});
export type SetRoleBody = Static<typeof SetRoleBody>;
export const SetRoleResponse = {
  200: Envelope(Type.Object({ memberId: Type.Integer(), username: Type.String(), role: Type.Union([StringEnum(STAFF_ROLES), Type.Null()]) })),
};

const JsonObject = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actorId: Type.Union([Type.Integer(), Type.Null()], { description: 'null: the scheduler' }),
  actorName: Type.String(),
  action: StringEnum(AUDIT_ACTIONS),
  targetType: StringEnum(AUDIT_TARGETS, { description: 'article, member (a role) or issue (a weekly issue)' }),
  targetId: Type.Integer(),
  targetLabel: Type.String(),
  before: JsonObject,
  after: JsonObject,
  note: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditListBody = Type.Object({
  ...pageQueryProperties,
  action: Type.Optional(StringEnum(AUDIT_ACTIONS, { errorMessage: '操作类型不正确' })),
  actorId: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID, description: 'Who (0: the scheduler)', errorMessage: '操作人编号格式不正确' })),
  targetType: Type.Optional(StringEnum(AUDIT_TARGETS, { errorMessage: '对象类型不正确' })),
  targetId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: '对象编号格式不正确' })),
  startDate: Ymd('YYYYMMDD (Asia/Shanghai), with endDate'),
  endDate: Ymd('YYYYMMDD (Asia/Shanghai), with startDate'),
});
export type AuditListBody = Static<typeof AuditListBody>;
export const AuditListResponse = { 200: Envelope(PageResultSchema(AuditEntry)) };

// ---- preview links ----

export const PreviewCreateBody = Type.Object({
  id: articleId,
  audience: StringEnum(PREVIEW_AUDIENCES, { description: 'visitor, reader (logged in, not a member) or member', errorMessage: M.previewAudience }),
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 * 24, description: 'How long the link works (24 by default)', errorMessage: M.previewHours })),
});
export type PreviewCreateBody = Static<typeof PreviewCreateBody>;

export const PreviewRevokeBody = Type.Object({ id: articleId, previewId: Id('Preview link id', M.previewUnknown) });

const previewLinkFields = {
  id: Type.Integer(),
  audience: StringEnum(PREVIEW_AUDIENCES),
  audienceLabel: Type.String({ description: '未登录访客, 已登录的非会员 or 会员' }),
  createdBy: StaffRef,
  createdAt: Type.String(),
  expiresAt: Type.String({ description: 'ISO-8601' }),
  revokedAt: Type.String({ description: "ISO-8601, or '' while not revoked" }),
  active: Type.Boolean({ description: 'Neither expired nor revoked' }),
};
export const PreviewLink = Type.Object(previewLinkFields);
export type PreviewLink = Static<typeof PreviewLink>;
export const PreviewLinkResponse = { 200: Envelope(PreviewLink) };
export const PreviewListResponse = { 200: Envelope(Type.Array(PreviewLink)) };
export const PreviewCreatedResponse = {
  200: Envelope(
    Type.Object({
      ...previewLinkFields,
      token: Type.String({ description: 'Shown once: the server keeps only its SHA-256' }),
      url: Type.String({ description: "The reader page's address with the token as `prev` (/article-info?permalinks=…&prev=…)" }),
    }),
  ),
};

// ---- imports ----

const importWarnings = Type.Array(Type.String(), { description: 'What the editor should look at (the import went ahead)' });
const importFilled = Type.Array(Type.String(), { description: 'Document fields the import wrote' });

export const JatsImportResponse = {
  200: Envelope(
    Type.Object({
      article: EditorArticle,
      summary: Type.Object({
        title: Type.String(),
        authors: Type.Integer(),
        sections: Type.Integer({ description: 'Top-level sections of the body' }),
        references: Type.Integer(),
        tables: Type.Integer(),
        figures: Type.Array(
          Type.Object({
            id: Type.String(),
            label: Type.String(),
            caption: Type.String(),
            graphic: Type.String({ description: "The graphic's reference in the file (a file name in PMC packages, or an address)" }),
            shown: Type.Boolean({ description: 'false: only a file name, the picture is to be uploaded' }),
          }),
        ),
        doi: Type.String(),
        pubdate: Type.String(),
        filled: importFilled,
        warnings: importWarnings,
      }),
    }),
  ),
};

export const DocxImportResponse = {
  200: Envelope(
    Type.Object({
      article: EditorArticle,
      summary: Type.Object({
        headings: Type.Integer(),
        lists: Type.Integer(),
        paragraphs: Type.Integer(),
        tables: Type.Integer(),
        imagesDropped: Type.Integer({ description: 'Pictures of the document not carried over (to be uploaded as media)' }),
        filled: importFilled,
        warnings: importWarnings,
      }),
    }),
  ),
};

// ---- weekly issues ----

const issueId = Id('Weekly issue id', M.issueNotFound);
const issueTitle = Type.String({ maxLength: 128, description: "The issue's title, e.g. 2026年第46期 · 11月19日", errorMessage: '本期标题不能超过128个字符' });
const issueDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Its date, YYYY-MM-DD (one issue a date)', errorMessage: M.issueDateInvalid });

export const IssueListBody = Type.Object({
  ...pageQueryProperties,
  state: Type.Optional(StringEnum(ISSUE_STATES, { description: 'Only draft or only published issues', errorMessage: '本期状态应为draft或published' })),
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100, description: 'Issues dated in this year', errorMessage: '年份不正确' })),
});
export type IssueListBody = Static<typeof IssueListBody>;

export const IssueIdBody = Type.Object({ id: issueId });

export const IssueCreateBody = Type.Object({ title: issueTitle, thedate: issueDate });
export type IssueCreateBody = Static<typeof IssueCreateBody>;

export const IssueSaveBody = Type.Object({
  id: issueId,
  baseRevision: revisionNo("The issue's revision the editor had (refused when someone saved it since)"),
  title: Type.Optional(issueTitle),
  thedate: Type.Optional(issueDate),
  articleIds: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), {
      maxItems: 200,
      description: "The issue's journal (5), digest (6) and animation (7) articles in their order; articles left out leave the issue",
      errorMessage: '文章编号格式不正确',
    }),
  ),
  catalogueId: Type.Optional(Type.Union([Id('The catalogue: a link-only article', '目录文章编号格式不正确'), Type.Null()], { description: 'null: no catalogue' })),
});
export type IssueSaveBody = Static<typeof IssueSaveBody>;

export const IssueTransitionBody = Type.Object({
  id: issueId,
  revision: revisionNo("The issue's revision the caller saw"),
  note: Type.Optional(Text(500, '备注')),
});
export type IssueTransitionBody = Static<typeof IssueTransitionBody>;

const IssueArticle = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  sourceId: Type.Integer(),
  sourceName: Type.String(),
  permalinks: Type.String(),
  state: StringEnum(EDITORIAL_STATES),
  stateLabel: Type.String(),
  publishAtShanghai: Type.String({ description: "Scheduled time, 'YYYY-MM-DD HH:mm' Asia/Shanghai, or ''" }),
});

const issueFields = {
  id: Type.Integer(),
  title: Type.String(),
  thedate: Type.String({ description: 'YYYY-MM-DD' }),
  state: StringEnum(ISSUE_STATES),
  stateLabel: Type.String({ description: '未发布 or 已发布' }),
  revision: Type.Integer({ description: 'Send it back as baseRevision (saves) or revision (publish, withdraw)' }),
  articleCount: Type.Integer(),
  liveCount: Type.Integer({ description: 'Its articles readers can see now (published)' }),
  catalogue: Type.Union([IssueArticle, Type.Null()]),
  publishedAt: Type.String({ description: "ISO-8601, or '' while never published" }),
  createdBy: StaffRef,
  updatedAt: Type.String(),
};

export const IssueListItem = Type.Object(issueFields);
export type IssueListItem = Static<typeof IssueListItem>;
export const IssueListResponse = { 200: Envelope(PageResultSchema(IssueListItem)) };

export const IssueDetail = Type.Object({
  ...issueFields,
  articles: Type.Array(IssueArticle, { description: 'In the order readers see them (grouped by source on the reader pages)' }),
});
export type IssueDetail = Static<typeof IssueDetail>;
export const IssueDetailResponse = { 200: Envelope(IssueDetail) };
