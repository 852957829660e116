import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import {
  ConferenceDetailBody,
  ConferenceDetailResponse,
  ConferenceListBody,
  ConferenceListResponse,
  ConferenceSubjectResponse,
  LessonCollectBody,
  LessonCollectResponse,
  LessonCountResponse,
  LessonDetailBody,
  LessonDetailResponse,
  LessonListBody,
  LessonListResponse,
  ReleaseCollectBody,
} from './schemas.js';

const coursesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/lesson/selectLessonList',
    { schema: { tags: ['courses'], summary: 'Lesson and course cards', body: LessonListBody, response: LessonListResponse } },
    async (request) => ok(await services.courses.listLessons(request.body, request.member?.id)),
  );

  app.post(
    '/lesson/selectLessonDetail',
    { schema: { tags: ['courses'], summary: 'A lesson with the access flags; media and content only for a reader who may watch', body: LessonDetailBody, response: LessonDetailResponse } },
    async (request) => ok(await services.courses.lessonDetail(request.body.id, request.member?.id)),
  );
  app.post(
    '/lesson/selectLessonCount',
    { schema: { tags: ['courses'], summary: 'Published lessons by kind', response: LessonCountResponse } },
    async () => ok(await services.courses.lessonCount()),
  );
  app.post(
    '/ConferenceAdvance/list',
    { schema: { tags: ['courses'], summary: 'Conference notices (lessAdvStatus 2) and reviews (1)', body: ConferenceListBody, response: ConferenceListResponse } },
    async (request) => ok(await services.courses.conferenceList(request.body, request.member?.id)),
  );
  app.post(
    '/ConferenceAdvance/detail',
    { schema: { tags: ['courses'], summary: 'A conference; its media only for a logged-in reader', body: ConferenceDetailBody, response: ConferenceDetailResponse } },
    async (request) => ok(await services.courses.conferenceDetail(request.body.id, request.member?.id)),
  );
  app.post(
    '/ConferenceAdvance/subject',
    { schema: { tags: ['courses'], summary: 'Disease areas that have conferences', response: ConferenceSubjectResponse } },
    async () => ok(await services.courses.conferenceSubjects()),
  );
  const memberOnly = { preHandler: app.requireMember };
  const secured = { tags: ['courses'], security: [{ bearer: [] }] };
  app.post(
    '/user/collectLesson',
    { ...memberOnly, schema: { ...secured, summary: 'Collect a lesson by lessonResId (idempotent)', body: LessonCollectBody, response: LessonCollectResponse } },
    async (request) => ok(await services.courses.collectLesson(request.member!.id, request.body.id)),
  );
  app.post(
    '/user/cancelCollectLesson',
    { ...memberOnly, schema: { ...secured, summary: 'Remove a lesson (by lessonResId) from the favourites (idempotent)', body: LessonCollectBody, response: LessonCollectResponse } },
    async (request) => ok(await services.courses.cancelCollectLesson(request.member!.id, request.body.id)),
  );
  app.post(
    '/user/collectRelease',
    { ...memberOnly, schema: { ...secured, summary: 'Collect a conference by lessonAdvId (idempotent)', body: ReleaseCollectBody, response: LessonCollectResponse } },
    async (request) => ok(await services.courses.collectRelease(request.member!.id, request.body.id)),
  );
  app.post(
    '/user/cancelRelease',
    { ...memberOnly, schema: { ...secured, summary: 'Remove a conference from the favourites (idempotent)', body: ReleaseCollectBody, response: LessonCollectResponse } },
    async (request) => ok(await services.courses.cancelRelease(request.member!.id, request.body.id)),
  );
};

export default coursesRoutes;
