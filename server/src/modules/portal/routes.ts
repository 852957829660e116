import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import type { Services } from '../../services.js';
import {
  AboutResponse,
  AdvertListBody,
  AdvertListResponse,
  BannerBody,
  BannerResponse,
  HotReadListBody,
  HotReadListResponse,
  ModularSwitchBody,
  ModularSwitchResponse,
  NewestArticleResponse,
  QiKanListBody,
  QiKanListResponse,
  QiKanYearBody,
  QiKanYearResponse,
  VideoCountBody,
  VideoCountResponse,
} from './schemas.js';

/** Home page data: banners, switches, adverts, hot reads, periodicals, about pages, play counts. */
const portalRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { portal } = services;
  const tags = ['portal'];

  app.post(
    '/base/getBanner',
    { schema: { tags, summary: 'Banner pictures by code (home, classroom)', body: BannerBody, response: BannerResponse } },
    async (request) => ok(await portal.banner(request.body.code)),
  );

  app.post(
    '/base/getModularSwitch',
    { schema: { tags, summary: 'A module switch (advert, hot_read); unknown modules are off', body: ModularSwitchBody, response: ModularSwitchResponse } },
    async (request) => ok(await portal.modularSwitch(request.body.moduleName)),
  );

  app.post(
    '/advert/selectAdvertList',
    { schema: { tags, summary: 'Published adverts of a position', body: AdvertListBody, response: AdvertListResponse } },
    async (request) => ok(await portal.adverts(request.body)),
  );

  app.post(
    '/hotRead/selectHotReadList',
    { schema: { tags, summary: 'Hot reads with their card fields', body: HotReadListBody, response: HotReadListResponse } },
    async (request) => ok(await portal.hotReads(request.body)),
  );

  app.post(
    '/article/newestArticle',
    { schema: { tags, summary: 'The newest weekly issue with its articles', response: NewestArticleResponse } },
    async () => ok(await portal.newestWeekly()),
  );

  app.post(
    '/article/getMonthOfQiKanYear',
    { schema: { tags, summary: 'Months of a year that have weekly issues', body: QiKanYearBody, response: QiKanYearResponse } },
    async (request) => ok(await portal.monthsOfYear(request.body.year)),
  );

  app.post(
    '/article/selectQiKanList',
    { schema: { tags, summary: 'Weekly issues of a month (YYYYMM) with their articles', body: QiKanListBody, response: QiKanListResponse } },
    async (request) => ok(await portal.weeklyOfMonth(request.body)),
  );

  app.post(
    '/article/selectAbout',
    { schema: { tags, summary: 'About pages in sidebar order', response: AboutResponse } },
    async () => ok(await portal.aboutPages()),
  );

  app.post(
    '/user/addVideoCount',
    {
      preHandler: app.requireMember,
      schema: { tags, security: [{ bearer: [] }], summary: 'Counts one play of a video or audio', body: VideoCountBody, response: VideoCountResponse },
    },
    async (request) => ok(await portal.addVideoCount(request.body)),
  );
};

export default portalRoutes;
