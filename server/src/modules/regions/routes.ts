import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import {
  DepartmentTreeResponse,
  HospitalQuery,
  InstitutionListResponse,
  RegionTreeResponse,
  UniversityQuery,
} from './schemas.js';

/** Reference data changes only with a new release: a day in caches, revalidated by ETag. */
const CACHE_A_DAY = 'public, max-age=86400';

const regionsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { regions } = services;
  let treeEtag: string | undefined;

  app.get(
    '/jhRegion/getTree',
    { schema: { tags: ['regions'], summary: 'Province → city → district tree (GB/T 2260 codes)', response: RegionTreeResponse } },
    async (request, typedReply) => {
      // The reply is sent as prepared text (or 304), outside the typed reply schema.
      const reply = typedReply as unknown as FastifyReply;
      const body = regions.regionTreeReply();
      treeEtag ??= `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', CACHE_A_DAY).header('etag', treeEtag);
      if (request.headers['if-none-match'] === treeEtag) return reply.code(304).send();
      // Serialised once by the service: a string payload skips the serialiser.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/jhDepartment/getTree',
    { schema: { tags: ['regions'], summary: 'Department tree (division is a leaf name)', response: DepartmentTreeResponse } },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_A_DAY);
      return ok(regions.departmentTree());
    },
  );

  app.post(
    '/jhHospital/selectAll',
    {
      schema: {
        tags: ['regions'],
        summary: "A city's hospitals (empty when none are listed for it)",
        body: HospitalQuery,
        response: InstitutionListResponse,
      },
    },
    async (request) => ok(regions.hospitals(request.body)),
  );

  app.post(
    '/jhUniversity/selectAll',
    {
      schema: {
        tags: ['regions'],
        summary: "A city's universities with medical schools (empty when none are listed for it)",
        body: UniversityQuery,
        response: InstitutionListResponse,
      },
    },
    async (request) => ok(regions.universities(request.body)),
  );
};

export default regionsRoutes;
