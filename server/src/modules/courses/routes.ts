import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import { LessonCollectBody, LessonCollectResponse, LessonListBody, LessonListResponse } from './schemas.js';

const coursesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/lesson/selectLessonList',
    { schema: { tags: ['courses'], summary: 'Lesson and course cards', body: LessonListBody, response: LessonListResponse } },
    async (request) => ok(await services.courses.listLessons(request.body, request.member?.id)),
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
};

export default coursesRoutes;
