import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import {
  CompleteUserInfoBody,
  MyLessonListBody,
  MyLessonListResponse,
  ProfileResponse,
  UpdateAvatarBody,
  UpdateConsentBody,
  UpdatePhoneNoOrEmailBody,
  UpdateSignAccountBody,
} from './schemas.js';
import { AccountEditMessages } from './service.js';

// The personal centre's profile calls (spec §2.8, §2.9, §7.3). All need a logged-in member; the
// member is always the token's, never a memberId in the body.
const profileRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { profile, courses } = services;
  // The session is checked before the body, so a logged-out caller always hears 10002.
  const memberOnly = { preValidation: app.requireMember };
  const secured = { tags: ['profile'], security: [{ bearer: [] }] };

  app.post(
    '/user/getUserInfo',
    { ...memberOnly, schema: { ...secured, summary: 'The whole profile of the logged-in member', response: ProfileResponse } },
    async (request) => ok(await profile.getProfile(request.member!.id)),
  );

  app.post(
    '/user/completeUserInfo',
    {
      ...memberOnly,
      schema: {
        ...secured,
        summary: 'Save the profile form (rules by identity; roleid from identity; other identities’ fields cleared)',
        body: CompleteUserInfoBody,
        response: ProfileResponse,
      },
    },
    async (request) => ok(await profile.completeUserInfo(request.member!.id, request.body), AccountEditMessages.saved),
  );

  app.post(
    '/user/updateSignAccount',
    { ...memberOnly, schema: { ...secured, summary: 'Change the username', body: UpdateSignAccountBody, response: ProfileResponse } },
    async (request) => ok(await profile.updateSignAccount(request.member!.id, request.body.membername), AccountEditMessages.modified),
  );

  app.post(
    '/user/updateAvatar',
    {
      ...memberOnly,
      schema: { ...secured, summary: "Set the avatar to one of the member's uploaded pictures", body: UpdateAvatarBody, response: ProfileResponse },
    },
    async (request) => ok(await profile.updateAvatar(request.member!.id, request.body.avatar), AccountEditMessages.modified),
  );

  app.post(
    '/user/updateSubscribe',
    { ...memberOnly, schema: { ...secured, summary: 'Save the three consents', body: UpdateConsentBody, response: ProfileResponse } },
    async (request) => {
      const { profile: saved, cancelled } = await profile.updateSubscribe(request.member!.id, request.body);
      return ok(saved, cancelled ? AccountEditMessages.cancelled : AccountEditMessages.saved);
    },
  );

  app.post(
    '/user/updatePhoneNoOrEmail',
    {
      ...memberOnly,
      schema: {
        ...secured,
        summary: 'Change the mobile or e-mail to one verified by base/checkCode (codeType 1)',
        body: UpdatePhoneNoOrEmailBody,
        response: ProfileResponse,
      },
    },
    async (request) => {
      const { profile: saved, msg } = await profile.updatePhoneNoOrEmail(request.member!.id, request.body);
      return ok(saved, msg);
    },
  );

  app.post(
    '/user/selectMyFavLesson',
    {
      ...memberOnly,
      schema: { ...secured, summary: 'My favourite lessons, newest collected first', body: MyLessonListBody, response: MyLessonListResponse },
    },
    async (request) => ok(await courses.myLessons(request.member!.id, 'favourites', request.body)),
  );

  app.post(
    '/user/selectMyReadLesson',
    {
      ...memberOnly,
      schema: { ...secured, summary: 'Lessons I viewed, newest first', body: MyLessonListBody, response: MyLessonListResponse },
    },
    async (request) => ok(await courses.myLessons(request.member!.id, 'reading', request.body)),
  );
};

export default profileRoutes;
