import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { CourseEditorService } from './courses.js';
import {
  ConferenceCreateBody,
  ConferenceListBody,
  ConferenceListResponse,
  ConferenceRevisionResponse,
  ConferenceSaveBody,
  ContentRevisionListResponse,
  ContentScheduleBody,
  ContentTransitionBody,
  EditorConferenceResponse,
  EditorLessonResponse,
  IdBody,
  LessonCreateBody,
  LessonListBody,
  LessonListResponse,
  LessonOrderBody,
  LessonRevisionResponse,
  LessonSaveBody,
  RevisionGetBody,
  RevisionRestoreBody,
} from './coursesSchemas.js';
import type { Transition } from './service.js';

/**
 * Courses (/api/editor/courses/*) and conferences (/api/editor/conferences/*) in the console: the
 * article workflow and its access rules (any staff role drafts; editors publish, schedule and
 * withdraw); every change audited. Registered by the editorial routes (same prefix).
 */
const coursesRoutes: FastifyPluginAsyncTypebox<{ courseEditor: CourseEditorService }> = async (app, { courseEditor: svc }) => {
  const staffOnly = (summary: string, role: 'contributor' | 'editor' = 'contributor') => ({
    tags: ['editorial'],
    security: [{ bearer: [] }],
    summary: `${summary} (${role === 'editor' ? 'editor or admin' : 'any staff role; a contributor: their own'})`,
  });
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  app.post('/editor/courses/list', { schema: { ...staffOnly('Single lessons and series (not their children), newest change first'), body: LessonListBody, response: LessonListResponse } }, async (request) =>
    ok(await svc.listLessons(member(request), request.body)),
  );
  app.post('/editor/courses/get', { schema: { ...staffOnly("A lesson's document, state and (a series) child lessons in order"), body: IdBody, response: EditorLessonResponse } }, async (request) =>
    ok(await svc.getLesson(member(request), request.body.id)),
  );
  app.post(
    '/editor/courses/create',
    { schema: { ...staffOnly('A new draft lesson, series, or child lesson (document.parentId: its series); audited'), body: LessonCreateBody, response: EditorLessonResponse } },
    async (request) => ok(await svc.createLesson(member(request), request.body.document)),
  );
  app.post(
    '/editor/courses/save',
    { schema: { ...staffOnly('Saves fields at baseRevision (10409 when saved meanwhile: kept as a revision not applied); audited'), body: LessonSaveBody, response: EditorLessonResponse } },
    async (request) => ok(await svc.saveLesson(member(request), request.body.id, request.body.baseRevision, request.body.document)),
  );
  app.post(
    '/editor/courses/order',
    { schema: { ...staffOnly("Puts a series' child lessons in a new order (all of them); audited"), body: LessonOrderBody, response: EditorLessonResponse } },
    async (request) => ok(await svc.orderLessons(member(request), request.body)),
  );
  app.post('/editor/courses/revisions', { schema: { ...staffOnly("A lesson's revisions, newest first"), body: IdBody, response: ContentRevisionListResponse } }, async (request) =>
    ok(await svc.lessonRevisions(member(request), request.body.id)),
  );
  app.post('/editor/courses/revision', { schema: { ...staffOnly('One revision with its whole document'), body: RevisionGetBody, response: LessonRevisionResponse } }, async (request) =>
    ok(await svc.lessonRevision(member(request), request.body.id, request.body.revisionId)),
  );
  app.post(
    '/editor/courses/restore',
    { schema: { ...staffOnly("Applies a revision's document again as a new revision; audited"), body: RevisionRestoreBody, response: EditorLessonResponse } },
    async (request) => ok(await svc.restoreLesson(member(request), request.body.id, request.body.revisionId, request.body.baseRevision)),
  );

  app.post('/editor/conferences/list', { schema: { ...staffOnly('Conference notices and reviews, newest change first'), body: ConferenceListBody, response: ConferenceListResponse } }, async (request) =>
    ok(await svc.listConferences(member(request), request.body)),
  );
  app.post('/editor/conferences/get', { schema: { ...staffOnly("A conference's document and state"), body: IdBody, response: EditorConferenceResponse } }, async (request) =>
    ok(await svc.getConference(member(request), request.body.id)),
  );
  app.post('/editor/conferences/create', { schema: { ...staffOnly('A new draft conference notice or review; audited'), body: ConferenceCreateBody, response: EditorConferenceResponse } }, async (request) =>
    ok(await svc.createConference(member(request), request.body.document)),
  );
  app.post(
    '/editor/conferences/save',
    { schema: { ...staffOnly('Saves fields at baseRevision (10409 when saved meanwhile); audited'), body: ConferenceSaveBody, response: EditorConferenceResponse } },
    async (request) => ok(await svc.saveConference(member(request), request.body.id, request.body.baseRevision, request.body.document)),
  );
  app.post('/editor/conferences/revisions', { schema: { ...staffOnly("A conference's revisions, newest first"), body: IdBody, response: ContentRevisionListResponse } }, async (request) =>
    ok(await svc.conferenceRevisions(member(request), request.body.id)),
  );
  app.post('/editor/conferences/revision', { schema: { ...staffOnly('One revision with its whole document'), body: RevisionGetBody, response: ConferenceRevisionResponse } }, async (request) =>
    ok(await svc.conferenceRevision(member(request), request.body.id, request.body.revisionId)),
  );
  app.post(
    '/editor/conferences/restore',
    { schema: { ...staffOnly("Applies a revision's document again as a new revision; audited"), body: RevisionRestoreBody, response: EditorConferenceResponse } },
    async (request) => ok(await svc.restoreConference(member(request), request.body.id, request.body.revisionId, request.body.baseRevision)),
  );

  const transitions: [Transition, string, 'contributor' | 'editor'][] = [
    ['submit', 'Sends a draft for review', 'contributor'],
    ['toDraft', 'Back to draft: from review (its owner or an editor), scheduled or withdrawn (editors)', 'contributor'],
    ['publish', 'Publishes now: readers see it', 'editor'],
    ['withdraw', 'Withdraws: readers no longer see it', 'editor'],
  ];
  for (const [action, summary, role] of transitions) {
    app.post(`/editor/courses/${action}`, { schema: { ...staffOnly(summary, role), body: ContentTransitionBody, response: EditorLessonResponse } }, async (request) =>
      ok(await svc.changeLessonState(member(request), action, request.body)),
    );
    app.post(`/editor/conferences/${action}`, { schema: { ...staffOnly(summary, role), body: ContentTransitionBody, response: EditorConferenceResponse } }, async (request) =>
      ok(await svc.changeConferenceState(member(request), action, request.body)),
    );
  }
  const schedule = staffOnly('Schedules publication at publishAt (Asia/Shanghai); live within a minute of it on every instance', 'editor');
  app.post('/editor/courses/schedule', { schema: { ...schedule, body: ContentScheduleBody, response: EditorLessonResponse } }, async (request) =>
    ok(await svc.changeLessonState(member(request), 'schedule', request.body)),
  );
  app.post('/editor/conferences/schedule', { schema: { ...schedule, body: ContentScheduleBody, response: EditorConferenceResponse } }, async (request) =>
    ok(await svc.changeConferenceState(member(request), 'schedule', request.body)),
  );
};

export default coursesRoutes;
