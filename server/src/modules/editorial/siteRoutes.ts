import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { SiteService } from './site.js';
import {
  AdvertAdminListBody,
  AdvertAdminListResponse,
  AdvertDeleteBody,
  AdvertDeleteResponse,
  AdvertReorderBody,
  AdvertSaveBody,
  BannerCodeBody,
  BannerSaveBody,
  HotReadCandidatesBody,
  HotReadCandidatesResponse,
  HotReadSaveBody,
  SiteAdvertResponse,
  SiteBannerResponse,
  SiteHotReadsResponse,
  SiteSwitchListResponse,
  SiteSwitchResponse,
  SwitchSetBody,
} from './siteSchemas.js';

/**
 * The site furniture under /api/editor/site (editors and admins; every change audited): banners,
 * adverts, hot reads and module switches. Registered by the editorial routes (same prefix).
 */
const siteRoutes: FastifyPluginAsyncTypebox<{ site: SiteService }> = async (app, { site }) => {
  const editorOnly = (summary: string) => ({ tags: ['editorial'], security: [{ bearer: [] }], summary: `${summary} (editor or admin)` });
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  app.post(
    '/editor/site/banner/get',
    { schema: { ...editorOnly('A banner code\'s pictures (home, classroom) and its revision'), body: BannerCodeBody, response: SiteBannerResponse } },
    async (request) => ok(await site.banner(member(request), request.body.code)),
  );
  app.post(
    '/editor/site/banner/save',
    {
      schema: {
        ...editorOnly('Saves a banner code\'s whole list in order at baseRevision (10409 when replaced meanwhile); audited; readers see it at once'),
        body: BannerSaveBody,
        response: SiteBannerResponse,
      },
    },
    async (request) => ok(await site.saveBanner(member(request), request.body)),
  );

  app.post(
    '/editor/site/advert/list',
    { schema: { ...editorOnly('Every advert (of a position), published or not, in order'), body: AdvertAdminListBody, response: AdvertAdminListResponse } },
    async (request) => ok(await site.adverts(member(request), request.body)),
  );
  app.post(
    '/editor/site/advert/save',
    {
      schema: {
        ...editorOnly('Adds an advert (no id) or changes one at baseRevision (10409 when replaced meanwhile); the end may not be before the start; audited'),
        body: AdvertSaveBody,
        response: SiteAdvertResponse,
      },
    },
    async (request) => ok(await site.saveAdvert(member(request), request.body)),
  );
  app.post(
    '/editor/site/advert/delete',
    { schema: { ...editorOnly('Deletes an advert seen at baseRevision; audited'), body: AdvertDeleteBody, response: AdvertDeleteResponse } },
    async (request) => ok(await site.deleteAdvert(member(request), request.body)),
  );
  app.post(
    '/editor/site/advert/reorder',
    {
      schema: {
        ...editorOnly('Puts every advert of a position in a new order (10409 when one was added or removed meanwhile); audited'),
        body: AdvertReorderBody,
        response: AdvertAdminListResponse,
      },
    },
    async (request) => ok(await site.reorderAdverts(member(request), request.body)),
  );

  app.post(
    '/editor/site/hotRead/list',
    { schema: { ...editorOnly('The hot reads in order with their titles and whether readers see them, and the list\'s version'), response: SiteHotReadsResponse } },
    async (request) => ok(await site.hotReads(member(request))),
  );
  app.post(
    '/editor/site/hotRead/save',
    {
      schema: {
        ...editorOnly('Saves the whole hot reads list in order at baseVersion (10409 when changed meanwhile); every target must be one readers can open; audited'),
        body: HotReadSaveBody,
        response: SiteHotReadsResponse,
      },
    },
    async (request) => ok(await site.saveHotReads(member(request), request.body)),
  );
  app.post(
    '/editor/site/hotRead/candidates',
    { schema: { ...editorOnly('Articles, lessons, meeting notices or reviews to pick, newest first, by part of the title'), body: HotReadCandidatesBody, response: HotReadCandidatesResponse } },
    async (request) => ok(await site.hotReadCandidates(member(request), request.body)),
  );

  app.post(
    '/editor/site/switch/list',
    { schema: { ...editorOnly('The module switches the console sets (advert, hot_read)'), response: SiteSwitchListResponse } },
    async (request) => ok(await site.switches(member(request))),
  );
  app.post(
    '/editor/site/switch/set',
    { schema: { ...editorOnly('Sets a module switch (the value sent is kept; the last set wins); audited when it changes'), body: SwitchSetBody, response: SiteSwitchResponse } },
    async (request) => ok(await site.setSwitch(member(request), request.body)),
  );
};

export default siteRoutes;
