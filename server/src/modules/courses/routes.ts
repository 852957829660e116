import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import { LessonListBody, LessonListResponse } from './schemas.js';

const coursesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/lesson/selectLessonList',
    { schema: { tags: ['courses'], summary: 'Lesson and course cards', body: LessonListBody, response: LessonListResponse } },
    async (request) => ok(await services.courses.listLessons(request.body, request.member?.id)),
  );
};

export default coursesRoutes;
