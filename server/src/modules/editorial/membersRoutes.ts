import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { MembersService } from './members.js';
import {
  EndBody,
  EndSessionsBody,
  ExtendBody,
  GrantBody,
  MemberActionResponse,
  MemberDetailResponse,
  MemberIdBody,
  MemberSearchBody,
  MemberSearchResponse,
} from './membersSchemas.js';

/**
 * Members under /api/editor/members: editors and admins find and view readers; admins extend,
 * grant or end a membership (a reason required) and end a reader's sessions. Each change is
 * applied once per requestId and audited. Registered by the editorial routes.
 */
const membersRoutes: FastifyPluginAsyncTypebox<{ members: MembersService }> = async (app, { members }) => {
  const secured = (summary: string, who: string) => ({ tags: ['editorial'], security: [{ bearer: [] }], summary: `${summary} (${who})` });
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  app.post(
    '/editor/members/search',
    {
      schema: {
        ...secured('Readers whose phone, e-mail, username or name contains q, newest first, with their membership; editors see phone and e-mail masked', 'editor or admin'),
        body: MemberSearchBody,
        response: MemberSearchResponse,
      },
    },
    async (request) => ok(await members.search(member(request), request.body)),
  );
  app.post(
    '/editor/members/detail',
    {
      schema: {
        ...secured("A reader's profile, membership and its periods, orders, free reads claimed and live sessions", 'editor or admin'),
        body: MemberIdBody,
        response: MemberDetailResponse,
      },
    },
    async (request) => ok(await members.detail(member(request), request.body.id)),
  );
  app.post(
    '/editor/members/extend',
    {
      schema: {
        ...secured('Extends the current membership by days after its latest end; reason required; once per requestId; audited', 'admin'),
        body: ExtendBody,
        response: MemberActionResponse,
      },
    },
    async (request) => ok(await members.extend(member(request), request.body)),
  );
  app.post(
    '/editor/members/grant',
    {
      schema: {
        ...secured("Grants a plan's membership (its months, or days) from the end of what the reader has, or now; reason required; once per requestId; audited", 'admin'),
        body: GrantBody,
        response: MemberActionResponse,
      },
    },
    async (request) => ok(await members.grant(member(request), request.body)),
  );
  app.post(
    '/editor/members/end',
    {
      schema: {
        ...secured('Ends the membership now (periods to come removed); reason required; once per requestId (10409 when already ended); audited', 'admin'),
        body: EndBody,
        response: MemberActionResponse,
      },
    },
    async (request) => ok(await members.end(member(request), request.body)),
  );
  app.post(
    '/editor/members/sessions/end',
    {
      schema: {
        ...secured("Ends all of the reader's live sessions: their tokens stop working at once; once per requestId; audited", 'admin'),
        body: EndSessionsBody,
        response: MemberActionResponse,
      },
    },
    async (request) => ok(await members.endSessions(member(request), request.body)),
  );
};

export default membersRoutes;
