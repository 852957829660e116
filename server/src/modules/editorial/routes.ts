import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import type { Transition } from './service.js';
import {
  ArticleIdBody,
  AuditListBody,
  AuditListResponse,
  CreateArticleBody,
  EditorArticleResponse,
  EditorListBody,
  EditorListResponse,
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

/**
 * The editorial console's API, under /api/editor. Every route checks the caller's staff role in the
 * service (a visitor gets 10002, a reader or a too-low role 10403 and nothing changes).
 */
const editorialRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { editorial, previews } = services;
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
