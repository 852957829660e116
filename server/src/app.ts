import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { defaultEditorialSettings, defaultMediaSettings, defaultReleaseSettings, defaultUploadSettings, type AppConfig } from './config.js';
import { loggerOptions } from './lib/logging.js';
import { validatorCompiler } from './lib/validation.js';
import accountRoutes from './modules/account/routes.js';
import authRoutes from './modules/auth/routes.js';
import authDevRoutes from './modules/auth/devRoutes.js';
import baseRoutes from './modules/base/routes.js';
import citationRoutes from './modules/citation/routes.js';
import contentRoutes from './modules/content/routes.js';
import coursesRoutes from './modules/courses/routes.js';
import editorialRoutes from './modules/editorial/routes.js';
import glossaryRoutes from './modules/glossary/routes.js';
import { startNewsletterRunner } from './modules/editorial/newsletter.js';
import { startScheduler } from './modules/editorial/scheduler.js';
import filesRoutes from './modules/files/routes.js';
import mediaRoutes from './modules/media/routes.js';
import { startPaymentJobs } from './modules/membership/jobs.js';
import payRoutes from './modules/membership/payRoutes.js';
import membershipRoutes from './modules/membership/routes.js';
import portalRoutes from './modules/portal/routes.js';
import profileRoutes from './modules/profile/routes.js';
import regionsRoutes from './modules/regions/routes.js';
import releaseRoutes from './modules/releases/routes.js';
import { createReleaseState, liveRemoteMaps, SHELL, type ReleaseState } from './modules/releases/state.js';
import dbPlugin from './plugins/db.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin from './plugins/errors.js';
import inputGuardPlugin from './plugins/inputGuard.js';
import rateLimitPlugin from './plugins/rateLimit.js';
import readinessPlugin from './plugins/readiness.js';
import securityHeadersPlugin, { cspSources } from './plugins/securityHeaders.js';
import sessionPlugin from './plugins/session.js';
import staticPlugin from './plugins/static.js';
import { issueCardOf } from './plugins/pageMeta.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live releases of the front end (modules/releases). */
    releases: ReleaseState;
  }
}

export interface BuildOptions {
  /** Overrides the logger options (tests pass a stream that collects warnings). */
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole server (plugins, then modules) without listening; tests use app.inject. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // A hop count means: trust that many proxies in front of this server.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Opening PGlite, migrating and seeding a fresh database takes several seconds on a small machine.
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  // Cross-cutting plugins. Security headers first, so their hook covers every reply (404s included).
  // The live releases: the releases folder's files, or the database with several instances (read lazily: it opens below).
  const releaseSettings = config.releases ?? defaultReleaseSettings();
  const releases = createReleaseState({ kind: releaseSettings.state, releasesDir: config.releasesDir, db: () => app.db });
  app.decorate('releases', releases);
  await app.register(securityHeadersPlugin, { remoteMap: () => liveRemoteMaps(releases), sources: cspSources(config) });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  // Before the database: a wrong REDIS_URL fails in milliseconds, not after migrations.
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, now: config.now });
  await app.register(dbPlugin, {
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    pgliteTemplate: config.pgliteTemplate,
    poolMax: config.databasePoolMax,
    pgliteSlowMs: config.pgliteSlowMs,
    seedDemoData: config.seedDemoData,
    now: config.now,
  });
  await app.register(sessionPlugin, { now: config.now });
  if (config.apiDocs) await app.register(docsPlugin);
  // Readiness (/api/ready) apart from liveness (/api/health); turned 503 by startDraining on SIGTERM.
  await app.register(readinessPlugin, { webRoot: config.webRoot, releasesDir: config.releasesDir, releases });

  // Domain modules.
  const services = createServices({
    config,
    database: app.database,
    sessions: app.sessions,
    rateLimiter: app.rateLimiter,
    log: app.log,
  });
  await app.register(baseRoutes, { prefix: '/api', services });
  await app.register(accountRoutes, { prefix: '/api', services });
  await app.register(authRoutes, { prefix: '/api', services });
  await app.register(authDevRoutes, { services });
  app.decorate('accounts', services.accounts);
  app.decorate('flushReadings', () => services.account.flushReadings());
  app.decorate('warmCaches', () => services.content.warm());
  warnAboutAccountsSettings(app, config, services);
  await app.register(contentRoutes, { prefix: '/api', services });
  await app.register(citationRoutes, { prefix: '/api', services });
  await app.register(portalRoutes, { prefix: '/api', services });
  await app.register(coursesRoutes, { prefix: '/api', services });
  await app.register(regionsRoutes, { prefix: '/api', services });
  await app.register(profileRoutes, { prefix: '/api', services });
  await app.register(filesRoutes, { prefix: '/api', services });
  // Gated media from the local store, for signed URLs only (with S3 media the bucket serves them).
  const mediaSettings = config.media ?? defaultMediaSettings();
  if (mediaSettings.storage === 'local') await app.register(mediaRoutes, { media: services.media, dir: mediaSettings.dir });
  await app.register(membershipRoutes, { services });
  await app.register(payRoutes, { services });
  wirePayments(app, services);
  await app.register(editorialRoutes, { prefix: '/api', services });
  await app.register(glossaryRoutes, { prefix: '/api', services });
  wireEditorial(app, services, config);
  await app.register(releaseRoutes, { state: releases, settings: releaseSettings, now: config.now, apps: async () => [SHELL, ...Object.keys((await releases.read()).remotes)] });

  // The site itself: shell, remotes, SPA fallback.
  const uploads = config.uploads ?? defaultUploadSettings();
  await app.register(staticPlugin, {
    webRoot: config.webRoot,
    releasesDir: config.releasesDir,
    site: config.site,
    uploadsDir: uploads.storage === 'local' ? uploads.dir : undefined,
    releases,
    now: config.now,
    pageSources: {
      article: (key) => services.content.articleHead(key),
      lesson: (id) => services.courses.lessonHead(id),
      conference: (id) => services.courses.conferenceHead(id),
      newestIssue: async () => {
        const record = await services.portal.newestWeekly();
        return record ? issueCardOf(record) : undefined;
      },
      // The months the page offers (the current year's end at the current month), then that month's issues.
      issuesOfMonth: async (year, month) => {
        if (!(await services.portal.monthsOfYear(year)).includes(month)) return [];
        const { results } = await services.portal.weeklyOfMonth({ month: year * 100 + month, pageNo: 1, pageSize: 20 });
        return results.map(issueCardOf);
      },
    },
    sitemapArticles: (limit) => services.content.sitemapArticles(limit),
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the members' reading records still buffered (tests read the table after it). */
    flushReadings: () => Promise<void>;
    /** Loads the list index and the search's segmenter and glossary before the server listens. */
    warmCaches: () => Promise<void>;
    /** Orders and payments (tests and the operator commands reach the service here). */
    payments: Services['payments'];
    /** The editorial console's service (tests reach the scheduler here). */
    editorial: Services['editorial'];
    /** The weekly newsletter (tests run its workers here). */
    newsletter: Services['newsletter'];
    courseEditor: Services['courseEditor'];
  }
}

/** The timed-publication scheduler starts with the app and stops with it (modules/editorial). */
function wireEditorial(app: FastifyInstance, services: Services, config: AppConfig) {
  app.decorate('editorial', services.editorial);
  app.decorate('courseEditor', services.courseEditor);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startScheduler([services.editorial, services.courseEditor], (config.editorial ?? defaultEditorialSettings()).schedulerIntervalMs, app.log);
  });
  app.addHook('onClose', async () => stop?.());
  // The weekly newsletter's sends: jobs left running resume at start (and are looked at again every minute).
  app.decorate('newsletter', services.newsletter);
  let stopNewsletter: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopNewsletter = startNewsletterRunner(services.newsletter, config.nodeEnv === 'test' ? 0 : 60_000, app.log);
  });
  app.addHook('onClose', async () => stopNewsletter?.());
}

/** Start-up notes on secrets generated for this run and, in one line, on the dev pages being served and to whom. */
function warnAboutAccountsSettings(app: { log: FastifyBaseLogger; addHook: FastifyInstance['addHook'] }, config: AppConfig, services: Services) {
  const { settings, mail } = services.accounts;
  if (mail.close) app.addHook('onClose', async () => mail.close?.());
  if (config.nodeEnv === 'test') return;
  if (settings.generatedSecrets.length > 0) {
    app.log.warn(
      { generated: settings.generatedSecrets },
      `${settings.generatedSecrets.join(' and ')} not set: random values for this run (tickets and captchas end at restart; set them in production)`,
    );
  }
  if (settings.devTools) {
    // In production they are only ever on because DEV_TOOLS=true was given.
    const why = config.nodeEnv === 'production' ? 'DEV_TOOLS=true' : `${config.nodeEnv}: on unless DEV_TOOLS=false`;
    app.log.warn(
      `dev tools on (${why}): /dev/outbox, /api/dev/outbox, /api/dev/captchaAnswer and the WeChat simulator answer requests from this machine only (loopback, no proxy headers)`,
    );
  }
}

/**
 * The sandbox's notifications go through this app's own notify route in-process when no public
 * notify URL is set (same parsing, signature check and handler as over HTTP); the reconciler and
 * renewal timers start with the app and stop with it.
 */
function wirePayments(app: FastifyInstance, services: Services) {
  const { payments } = services;
  app.decorate('payments', payments);
  const sandbox = payments.providers.sandbox;
  if (sandbox && !payments.settings.notifyBaseUrl) {
    sandbox.setDeliver(async ({ url, headers, body }) => {
      const res = await app.inject({ method: 'POST', url: new URL(url, 'http://in-process').pathname, headers, payload: body });
      return res.statusCode;
    });
  }
  let stopJobs: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopJobs = startPaymentJobs(payments, app.log);
  });
  app.addHook('onClose', async () => {
    sandbox?.stopRetries();
    await stopJobs?.();
  });
}
