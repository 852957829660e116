import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import { ImportMessages } from './importMessages.js';
import { IMPORT_LIMITS } from './imports.js';
import dashboardRoutes from './dashboardRoutes.js';
import editorialMediaRoutes from './mediaRoutes.js';
import membersRoutes from './membersRoutes.js';
import newsletterRoutes from './newsletterRoutes.js';
import ordersRoutes from './ordersRoutes.js';
import plansRoutes from './plansRoutes.js';
import coursesRoutes from './coursesRoutes.js';
import siteRoutes from './siteRoutes.js';
import type { Transition } from './service.js';
import {
  ArticleIdBody,
  AuditListBody,
  AuditListResponse,
  CreateArticleBody,
  DocxImportResponse,
  EditorArticleResponse,
  EditorListBody,
  EditorListResponse,
  IssueCreateBody,
  IssueDetailResponse,
  IssueIdBody,
  IssueListBody,
  IssueListResponse,
  IssueSaveBody,
  IssueTransitionBody,
  JatsImportResponse,
  MeResponse,
  PreviewCreateBody,
  PreviewCreatedResponse,
  PreviewLinkResponse,
  PreviewListResponse,
  PreviewRevokeBody,
  RestoreBody,
  RevisionBody,
  RevisionDetailResponse,
  RevisionListResponse,
  SaveArticleBody,
  ScheduleBody,
  SetRoleBody,
  SetRoleResponse,
  StaffListResponse,
  TransitionBody,
} from './schemas.js';

/** A whole article (bodies in two languages, references, commentary) fits in a few megabytes. */
const DOCUMENT_BODY_LIMIT = 8 * 1024 * 1024;

/** Room for the multipart envelope around an imported file (boundaries, part headers, two fields). */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The form of an import: the article, the revision the editor had, the file. */
interface ImportForm {
  id: number;
  baseRevision: number;
  file: Buffer;
}

const positiveInt = (value: string | undefined, name: string): number => {
  if (value === undefined || value.trim() === '') throw AppError.badParameter(ImportMessages.fieldsMissing);
  const n = Number(value);
  if (!/^\d{1,10}$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) throw AppError.badParameter(ImportMessages.fieldInvalid(name));
  return n;
};

/**
 * Reads an import's multipart form: the fields id and baseRevision, then one file within `limit`.
 * `check` runs with the id before the file is read, so a caller who may not edit the
 * article is refused without the upload being taken in.
 */
async function readImport(request: FastifyRequest, limit: number, check: (id: number) => Promise<unknown>): Promise<ImportForm> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit + MULTIPART_OVERHEAD) throw AppError.badParameter(ImportMessages.tooLarge(limit));
  if (!request.isMultipart()) throw AppError.badParameter(ImportMessages.noFile);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw AppError.badParameter(ImportMessages.oneFile);
        await check(positiveInt(fields.id, 'id'));
        file = await part.toBuffer();
        if (file.length > limit) throw AppError.badParameter(ImportMessages.tooLarge(limit));
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    switch ((err as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw AppError.badParameter(ImportMessages.tooLarge(limit));
      case 'FST_FILES_LIMIT':
        throw AppError.badParameter(ImportMessages.oneFile);
      default:
        throw AppError.badParameter(ImportMessages.noFile);
    }
  }
  if (!file || file.length === 0) throw AppError.badParameter(ImportMessages.noFile);
  return { id: positiveInt(fields.id, 'id'), baseRevision: positiveInt(fields.baseRevision, 'baseRevision'), file };
}

/**
 * The editorial console's API, under /api/editor. Every route checks the caller's staff role in the
 * service (a visitor gets 10002, a reader or a too-low role 10403 and nothing changes).
 */
const editorialRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { editorial, previews, issues } = services;
  const staffOnly = (summary: string, role: 'contributor' | 'editor' | 'admin' = 'contributor') => ({
    tags: ['editorial'],
    security: [{ bearer: [] }],
    summary: `${summary} (${role === 'contributor' ? 'any staff role' : role === 'editor' ? 'editor or admin' : 'admin'})`,
  });
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  app.post('/editor/me', { schema: { ...staffOnly('The caller\'s staff role and what it opens'), response: MeResponse } }, async (request) =>
    ok(await editorial.me(member(request))),
  );

  app.post(
    '/editor/article/list',
    { schema: { ...staffOnly('Articles in every state, newest change first (a contributor: their own)'), body: EditorListBody, response: EditorListResponse } },
    async (request) => ok(await editorial.listArticles(member(request), request.body)),
  );

  app.post(
    '/editor/article/get',
    { schema: { ...staffOnly('An article as an editorial document, with its state and revision'), body: ArticleIdBody, response: EditorArticleResponse } },
    async (request) => ok(await editorial.getArticle(member(request), request.body.id)),
  );

  app.post(
    '/editor/article/create',
    {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: { ...staffOnly('A new draft owned by the caller (needs sourceId and title)'), body: CreateArticleBody, response: EditorArticleResponse },
    },
    async (request) => ok(await editorial.createArticle(member(request), request.body.document)),
  );

  app.post(
    '/editor/article/save',
    {
      bodyLimit: DOCUMENT_BODY_LIMIT,
      schema: {
        ...staffOnly(
          'Saves fields of the document as a new revision. Based on a revision someone else has replaced: refused (10409), the text kept as a revision not applied',
        ),
        body: SaveArticleBody,
        response: EditorArticleResponse,
      },
    },
    async (request) => ok(await editorial.saveArticle(member(request), request.body.id, request.body.baseRevision, request.body.document)),
  );

  const transitions: [Transition, string, 'contributor' | 'editor'][] = [
    ['submit', 'Sends a draft for review', 'contributor'],
    ['toDraft', 'Back to draft: from review (its owner or an editor), scheduled or withdrawn (editors)', 'contributor'],
    ['publish', 'Publishes now: on every list, search and the home page', 'editor'],
    ['withdraw', 'Withdraws a published article: off every list and search, its page not found', 'editor'],
  ];
  for (const [action, summary, role] of transitions) {
    app.post(
      `/editor/article/${action}`,
      { schema: { ...staffOnly(summary, role), body: TransitionBody, response: EditorArticleResponse } },
      async (request) => ok(await editorial.changeState(member(request), action, request.body)),
    );
  }

  app.post(
    '/editor/article/schedule',
    {
      schema: {
        ...staffOnly('Schedules publication at publishAt (Asia/Shanghai); live within a minute of it on every instance', 'editor'),
        body: ScheduleBody,
        response: EditorArticleResponse,
      },
    },
    async (request) => ok(await editorial.changeState(member(request), 'schedule', request.body)),
  );

  app.post(
    '/editor/article/revisions',
    { schema: { ...staffOnly('The revisions of an article, newest first: who, when, which fields'), body: ArticleIdBody, response: RevisionListResponse } },
    async (request) => ok(await editorial.listRevisions(member(request), request.body.id)),
  );

  app.post(
    '/editor/article/revision',
    { schema: { ...staffOnly('One revision with its whole document'), body: RevisionBody, response: RevisionDetailResponse } },
    async (request) => ok(await editorial.getRevision(member(request), request.body.id, request.body.revisionId)),
  );

  app.post(
    '/editor/article/restore',
    {
      schema: {
        ...staffOnly('Applies a revision (applied or not) again as a new revision; audited'),
        body: RestoreBody,
        response: EditorArticleResponse,
      },
    },
    async (request) => ok(await editorial.restoreRevision(member(request), request.body.id, request.body.revisionId, request.body.baseRevision)),
  );

  app.post(
    '/editor/article/preview/create',
    {
      schema: {
        ...staffOnly(
          'A preview link of the article as a visitor, a non-member or a member sees it (any state; expires, 24 h by default; audited). A member view of a member-only article opens for staff only',
        ),
        body: PreviewCreateBody,
        response: PreviewCreatedResponse,
      },
    },
    async (request) => ok(await previews.create(member(request), request.body)),
  );

  app.post(
    '/editor/article/preview/list',
    { schema: { ...staffOnly('The preview links of an article, newest first (without tokens)'), body: ArticleIdBody, response: PreviewListResponse } },
    async (request) => ok(await previews.list(member(request), request.body.id)),
  );

  app.post(
    '/editor/article/preview/revoke',
    { schema: { ...staffOnly('Ends a preview link at once'), body: PreviewRevokeBody, response: PreviewLinkResponse } },
    async (request) => ok(await previews.revoke(member(request), request.body)),
  );

  // Imports take a multipart upload (fields id and baseRevision, then the file); multipart bodies
  // are parsed for these two routes only.
  await app.register(async (imports) => {
    await imports.register(multipart, {
      limits: { fileSize: Math.max(IMPORT_LIMITS.jats, IMPORT_LIMITS.docx), files: 1, fields: 4, fieldSize: 64, parts: 6, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    const upload = (summary: string, response: typeof JatsImportResponse | typeof DocxImportResponse) => ({
      schema: { ...staffOnly(`${summary}. multipart/form-data: fields id and baseRevision, then the file (field file)`), consumes: ['multipart/form-data'], response },
    });
    imports.post(
      '/editor/article/import/jats',
      upload('Fills the English original (title, authors, abstract, body with figures and tables, references) from a JATS XML file, as one revision; a malformed file is refused and nothing is saved', JatsImportResponse),
      async (request) => {
        const form = await readImport(request, IMPORT_LIMITS.jats, (id) => services.imports.mayImport(member(request), id));
        return ok(await services.imports.jats(member(request), form));
      },
    );
    imports.post(
      '/editor/article/import/docx',
      upload('Fills the Chinese body from a Word .docx (headings, lists, tables, links kept; pictures reported, not carried over), as one revision; a malformed file is refused and nothing is saved', DocxImportResponse),
      async (request) => {
        const form = await readImport(request, IMPORT_LIMITS.docx, (id) => services.imports.mayImport(member(request), id));
        return ok(await services.imports.docx(member(request), form));
      },
    );
  });

  // The media library (pictures, video, audio): its upload parses multipart in its own plugin.
  await app.register(editorialMediaRoutes, { mediaLibrary: services.mediaLibrary });
  // The site furniture: banners, adverts, hot reads, module switches.
  await app.register(siteRoutes, { site: services.site });
  // Membership: plans and prices, benefits, the subscription FAQ and agreement (admins only).
  await app.register(plansRoutes, { plans: services.plans });
  // Courses and conferences: the article workflow (any staff role drafts, editors publish).
  await app.register(coursesRoutes, { courseEditor: services.courseEditor });
  // Orders and money: the orders list and totals, refunds, the reconciler's runs, exports (admins only).
  await app.register(ordersRoutes, { orders: services.orders });
  // The dashboard: sign-ups, members, revenue (admins only), free reads, most read, searches that found nothing.
  await app.register(dashboardRoutes, { dashboard: services.dashboard });
  // Members: find a reader, their membership, orders, free reads and sessions; admins change them (audited, once per request id).
  await app.register(membersRoutes, { members: services.members });
  // The weekly newsletter (editors) and the readers' one-click unsubscribe.
  await app.register(newsletterRoutes, { newsletter: services.newsletter });

  const editorOnly = (summary: string) => staffOnly(summary, 'editor');
  app.post(
    '/editor/issue/list',
    { schema: { ...editorOnly('Weekly issues, newest date first, with their counts and catalogue'), body: IssueListBody, response: IssueListResponse } },
    async (request) => ok(await issues.list(member(request), request.body)),
  );
  app.post(
    '/editor/issue/get',
    { schema: { ...editorOnly('A weekly issue with its articles in order'), body: IssueIdBody, response: IssueDetailResponse } },
    async (request) => ok(await issues.get(member(request), request.body.id)),
  );
  app.post(
    '/editor/issue/create',
    { schema: { ...editorOnly('A new weekly issue (title, date), not yet published; audited'), body: IssueCreateBody, response: IssueDetailResponse } },
    async (request) => ok(await issues.create(member(request), request.body)),
  );
  app.post(
    '/editor/issue/save',
    {
      schema: {
        ...editorOnly(
          "Saves an issue's title, date, journal, digest and animation articles (in order) and catalogue over the revision the editor had (10409 when replaced); each article moved in or out gets a revision; audited",
        ),
        body: IssueSaveBody,
        response: IssueDetailResponse,
      },
    },
    async (request) => ok(await issues.save(member(request), request.body)),
  );
  app.post(
    '/editor/issue/publish',
    {
      schema: {
        ...editorOnly('Publishes an issue with a published or scheduled article: /latest-periodical, /period-article and the home page show it at once; audited'),
        body: IssueTransitionBody,
        response: IssueDetailResponse,
      },
    },
    async (request) => ok(await issues.publish(member(request), request.body)),
  );
  app.post(
    '/editor/issue/withdraw',
    { schema: { ...editorOnly('Takes a published issue off the periodical pages at once; audited'), body: IssueTransitionBody, response: IssueDetailResponse } },
    async (request) => ok(await issues.withdraw(member(request), request.body)),
  );

  app.post('/editor/staff/list', { schema: { ...staffOnly('Staff accounts and their roles', 'admin'), response: StaffListResponse } }, async (request) =>
    ok(await editorial.listStaff(member(request))),
  );

  app.post(
    '/editor/staff/setRole',
    { schema: { ...staffOnly("Gives, changes or takes away an account's staff role; audited", 'admin'), body: SetRoleBody, response: SetRoleResponse } },
    async (request) =>
      ok(await editorial.setRole(member(request), { account: request.body.account, role: request.body.role || null, note: request.body.note })),
  );

  app.post(
    '/editor/audit/list',
    { schema: { ...staffOnly('The audit trail, newest first, filtered by action, actor, target and dates', 'admin'), body: AuditListBody, response: AuditListResponse } },
    async (request) => ok(await editorial.listAudit(member(request), request.body)),
  );
};

export default editorialRoutes;
