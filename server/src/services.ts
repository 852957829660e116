import type { FastifyBaseLogger } from 'fastify';
import { defaultAccountsSettings, defaultMediaLimits, defaultMediaSettings, defaultPaymentSettings, defaultUploadSettings, type AppConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createAccountService } from './modules/account/service.js';
import { createShippingAddressStore } from './modules/account/shippingAddress.js';
import { createCaptchaService } from './modules/auth/captcha.js';
import { createAccountsModule } from './modules/auth/index.js';
import { createBaseService } from './modules/base/service.js';
import { createCitationService } from './modules/citation/service.js';
import { createContentService } from './modules/content/service.js';
import { createCoursesService } from './modules/courses/service.js';
import { createImportService } from './modules/editorial/imports.js';
import { createIssueService } from './modules/editorial/issues.js';
import { createEditorialMediaService } from './modules/editorial/media.js';
import { createPreviewService } from './modules/editorial/previews.js';
import { createEditorialService } from './modules/editorial/service.js';
import { createMembersService } from './modules/editorial/members.js';
import { createNewsletterService } from './modules/editorial/newsletter.js';
import { createDashboardService } from './modules/editorial/dashboard.js';
import { createOrdersService } from './modules/editorial/orders.js';
import { createPlansService } from './modules/editorial/plans.js';
import { createCourseEditorService } from './modules/editorial/courses.js';
import { createSiteService } from './modules/editorial/site.js';
import { createFilesService } from './modules/files/service.js';
import { createGlossaryService } from './modules/glossary/service.js';
import { createMediaUrls } from './modules/media/urls.js';
import { createMembershipService } from './modules/membership/service.js';
import { createPortalService } from './modules/portal/service.js';
import { createPaymentsService } from './modules/membership/payments.js';
import { createPaymentProviders } from './providers/payment/index.js';
import { createProfileService } from './modules/profile/service.js';
import { createRegionsService } from './modules/regions/service.js';
import type { RateLimiter } from './plugins/rateLimit.js';
import type { SessionStore } from './plugins/session.js';
import { createGatedStorage, createStorage } from './storage/create.js';

/** The domain services, wired once; modules call each other through these, never through tables. */
export function createServices(deps: {
  config: AppConfig;
  database: DatabaseHandle;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  /** For provider failures (SMS, mail, WeChat); silent when absent. */
  log?: FastifyBaseLogger;
}) {
  const { config, database } = deps;
  const db = database.db;
  const membership = createMembershipService({ db, now: config.now });
  const accountsSettings = config.accounts ?? defaultAccountsSettings();
  // The picture captcha: asked for before an SMS code is sent and by logins past the throttle's limits.
  const captcha = createCaptchaService({ db, secret: accountsSettings.authSecret, now: config.now, devTools: accountsSettings.devTools });
  const account = createAccountService({
    db,
    sessions: deps.sessions,
    rateLimiter: deps.rateLimiter,
    loginThrottle: config.loginThrottle,
    captcha,
    membership,
    now: config.now,
    onReadingError: (err) => deps.log?.warn({ err }, 'writing reading records failed; they are kept and tried again'),
  });
  // Signed URLs of gated media, made at reply time (never cached); the key is shared by every instance.
  const mediaSettings = config.media ?? defaultMediaSettings(config.accounts ? `${config.accounts.authSecret}:media-url` : undefined);
  const media = createMediaUrls(mediaSettings, { now: config.now, s3: config.uploads?.s3 });
  const courses = createCoursesService({ db, account, membership, media });
  const content = createContentService({ db, account, courses, membership, media, now: config.now });
  // "Cite this article": formatted from the content service's metadata of published articles.
  const citation = createCitationService({ content, now: config.now });
  const base = createBaseService({ database, site: config.site });
  const portal = createPortalService({ db, now: config.now, version: content.version });
  const regions = createRegionsService();
  const uploadStorage = createStorage(config.uploads ?? defaultUploadSettings());
  const files = createFilesService({
    db,
    storage: uploadStorage,
    rateLimiter: deps.rateLimiter,
    now: config.now,
  });
  // Codes, registration, code login, password reset/change, WeChat login, single sign-on.
  const accounts = createAccountsModule({
    config,
    settings: accountsSettings,
    db,
    account,
    captcha,
    rateLimiter: deps.rateLimiter,
    log: deps.log ?? silentLog,
  });
  const profile = createProfileService({ db, membership, regions, files, verification: accounts.verification, now: config.now });
  // Orders and payments (sandbox cashier, WeChat Pay, Alipay), renewals and refunds.
  const paymentSettings = config.payments ?? defaultPaymentSettings();
  const payments = createPaymentsService({
    db,
    now: config.now,
    settings: paymentSettings,
    providers: createPaymentProviders(paymentSettings, db, config.now),
    membership,
    log: deps.log ?? silentLog,
  });
  const shippingAddress = createShippingAddressStore({ db, now: config.now });
  // The editorial console: the one writer of articles, their revisions, staff roles and the audit trail.
  const editorial = createEditorialService({ db, now: config.now });
  // Its preview links (read by the content module's getArticleDetail2).
  const previews = createPreviewService({ db, now: config.now, editorial });
  // Its imports (JATS XML into the English original, Word .docx into the Chinese body).
  const imports = createImportService({ editorial });
  // Its weekly issues (the portal's periodical pages read them).
  const issues = createIssueService({ db, now: config.now, editorial });
  // Its media library: public files in the uploads store, member media in the gated store.
  const mediaLibrary = createEditorialMediaService({
    db,
    now: config.now,
    editorial,
    uploads: uploadStorage,
    gated: createGatedStorage(mediaSettings, config.uploads),
    media,
    limits: config.editorial?.mediaLimits ?? defaultMediaLimits(),
  });
  // The medical glossary (readers' copy, the console's terms; search reads it through its store).
  const glossary = createGlossaryService({ db, now: config.now, editorial });
  // The site furniture: banners, adverts, hot reads and module switches (the portal's reader calls read them).
  const site = createSiteService({ db, now: config.now, editorial });
  // Membership in the console: plans, prices, benefits, the FAQ and the agreement (admins only).
  const plans = createPlansService({ db, now: config.now, editorial });
  // Courses and conferences in the console: the article workflow, revisions and scheduler.
  const courseEditor = createCourseEditorService({ db, now: config.now, editorial });
  // Orders and money in the console: the orders list, refunds, the reconciler's runs, exports (admins only).
  const orders = createOrdersService({ db, now: config.now, editorial, payments });
  // The console's dashboard: what is happening, counted when asked.
  const dashboard = createDashboardService({ db, now: config.now, editorial, settle: () => content.flushSearchMisses() });
  // Members in the console: find a reader, see their membership, orders and sessions; admins change them.
  const members = createMembersService({ db, now: config.now, editorial, membership, payments, sessions: deps.sessions });
  // The weekly newsletter: an issue by e-mail to the readers who consented, sent by a background job.
  const newsletter = createNewsletterService({
    db,
    now: config.now,
    editorial,
    mail: accounts.mail,
    secret: accountsSettings.authSecret,
    baseUrl: accountsSettings.publicBaseUrl || `http://localhost:${config.port}`,
    unsubscribeMailbox: `unsubscribe@${/@([^\s>]+)/.exec(accountsSettings.mail.from)?.[1] ?? 'localhost'}`,
    log: deps.log,
  });
  return {
    account,
    base,
    portal,
    content,
    citation,
    courses,
    media,
    membership,
    regions,
    files,
    profile,
    accounts,
    verification: accounts.verification,
    payments,
    shippingAddress,
    editorial,
    previews,
    imports,
    issues,
    mediaLibrary,
    glossary,
    site,
    plans,
    courseEditor,
    orders,
    dashboard,
    members,
    newsletter,
  };
}

export type Services = ReturnType<typeof createServices>;

const silentLog = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog, level: 'silent' } as unknown as FastifyBaseLogger;
