import { createHash, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { repoRoot, serverRoot } from './paths.js';
import type { UploadSettings } from './storage/index.js';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the app needs to start. Built from the environment by loadConfig, or by tests. */
export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  logLevel: LogLevel;
  /** Pretty, human-readable logs (development on a terminal). */
  prettyLogs: boolean;
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  databasePoolMax: number;
  /** Embedded database: statements slower than this (ms) are logged at warn; 0 logs none. */
  pgliteSlowMs: number;
  /** PGlite data directory, or 'memory://' for a throw-away in-memory database. */
  pgliteDir: string;
  /** Tests only: a PGlite data-dir dump a 'memory://' database starts from (skips initdb). */
  pgliteTemplate?: Blob;
  /** Insert the demo content and accounts when the database is empty. */
  seedDemoData: boolean;
  redisUrl?: string;
  /** Tests only: a namespace for the Redis keys of the rate limiter (default qy:rl:). */
  redisKeyPrefix?: string;
  /** Fastify trustProxy: false, true, a hop count or a comma list of addresses/CIDRs. */
  trustProxy: boolean | number | string;
  webRoot: string;
  releasesDir: string;
  /** The release service (modules/releases); defaultReleaseSettings() when absent. */
  releases?: ReleaseSettings;
  apiDocs: boolean;
  /** CSP_EXTRA_ORIGINS: more origins HTML pages may load from (a CDN, an embedded player). */
  cspExtraOrigins?: string[];
  site: SiteSettings;
  loginThrottle: LoginThrottle;
  /** The clock every rule uses (session expiry, membership state, rate windows). Tests replace it. */
  now: () => Date;
  /** Codes, providers (SMS, mail, WeChat) and single sign-on; defaultAccountsSettings() when absent. */
  accounts?: AccountsSettings;
  /** Where uploaded pictures are stored (UPLOADS_STORAGE, UPLOADS_DIR, S3_*); defaultUploadSettings() when absent. */
  uploads?: UploadSettings;
  /** Payment providers, notification URLs, the reconciler and renewals; defaultPaymentSettings() when absent. */
  payments?: PaymentSettings;
  /** Media of gated items and their signed URLs (MEDIA_*); defaultMediaSettings() when absent. */
  media?: MediaSettings;
  /** The editorial console's scheduler (EDITORIAL_*); defaultEditorialSettings() when absent. */
  editorial?: EditorialSettings;
}

export interface EditorialSettings {
  /** How often scheduled articles are looked for (EDITORIAL_SCHEDULER_INTERVAL_SECONDS; 0 = no timer, as in tests). */
  schedulerIntervalMs: number;
  /** The largest media file of each kind an editor may upload, in bytes; defaultMediaLimits() when absent. */
  mediaLimits?: MediaLimits;
}

/** Upload limits of the editorial media library (EDITORIAL_MEDIA_MAX_IMAGE_MB, _AUDIO_MB, _VIDEO_MB). */
export interface MediaLimits {
  image: number;
  audio: number;
  video: number;
}

const MB = 1024 * 1024;

/** Pictures 10 MB (as readers' uploads), audio 100 MB (about 100 minutes at 128 kbit/s), video 500 MB. */
export const defaultMediaLimits = (): MediaLimits => ({ image: 10 * MB, audio: 100 * MB, video: 500 * MB });

export const defaultEditorialSettings = (): EditorialSettings => ({ schedulerIntervalMs: 0, mediaLimits: defaultMediaLimits() });

/**
 * Media of items that need login or membership (ARCHITECTURE §3.3) live in a store of their own,
 * reached only through short-lived signed URLs: local files served at /api/media/ when the query
 * carries a valid `exp` and `sig`, or presigned GETs of the uploads bucket under `s3KeyPrefix`.
 */
export interface MediaSettings {
  storage: 'local' | 's3';
  /** The local store's folder (MEDIA_DIR); never served by the public static route. */
  dir: string;
  /** With MEDIA_STORAGE=s3: the key prefix of gated media in the uploads bucket (MEDIA_S3_KEY_PREFIX). */
  s3KeyPrefix: string;
  /** How long a signed URL works (MEDIA_URL_TTL_SECONDS). */
  ttlSeconds: number;
  /** HMAC key of local signed URLs (MEDIA_URL_SECRET, else derived from AUTH_SECRET). */
  secret: string;
}

/**
 * Where the live releases are kept and who may change them through the release service
 * (/api/releases): RELEASE_STATE=file (the releases folder, one machine) or database (several
 * instances); RELEASE_TOKENS names each caller (`ci=<secret>,alice=<secret>`), whose name goes into
 * the release history. Only the tokens' SHA-256 is kept. No tokens: the service refuses every call.
 */
export interface ReleaseSettings {
  state: 'file' | 'database';
  tokens: { name: string; hash: string }[];
  /** How long a tester's preview link works (RELEASE_PREVIEW_HOURS). */
  previewTtlMs: number;
}

export const defaultReleaseSettings = (): ReleaseSettings => ({ state: 'file', tokens: [], previewTtlMs: 24 * 3_600_000 });

/** RELEASE_TOKENS: `name=secret` pairs, comma separated; a secret has at least 24 characters. */
export function parseReleaseTokens(raw: string | undefined, problems: string[]): ReleaseSettings['tokens'] {
  if (!raw) return [];
  const out: ReleaseSettings['tokens'] = [];
  for (const pair of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([A-Za-z0-9_.@-]{1,64})=(\S{24,})$/.exec(pair);
    if (!m) {
      problems.push('RELEASE_TOKENS must be name=secret pairs, comma separated, each secret at least 24 characters');
      return [];
    }
    out.push({ name: m[1]!, hash: createHash('sha256').update(m[2]!).digest('hex') });
  }
  return out;
}

export interface SiteSettings {
  downloadIosUrl: string;
  downloadAndroidUrl: string;
  medicalHumanitiesUrl: string;
  /** Base URL of the membership endpoint (/index.php); '' means this server. */
  membershipBaseUrl: string;
}

export interface LoginThrottle {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerIp: number;
}

export type SmsSettings =
  | { provider: 'local' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      /** Template with a ${code} variable. */
      templateCode: string;
      /** Optional template for notices without a code (account already registered / none); '' skips them. */
      noticeTemplateCode: string;
      endpoint: string;
    };

export type MailSettings =
  | { provider: 'local'; from: string }
  | { provider: 'smtp'; host: string; port: number; secure: boolean; user: string; password: string; from: string };

export type WechatSettings =
  | { provider: 'simulator' }
  | {
      provider: 'wechat';
      /** Website application of the open platform (desktop QR login, qrconnect). */
      openAppId: string;
      openAppSecret: string;
      /** Official account (authorisation inside WeChat's in-app browser); '' when not used. */
      mpAppId: string;
      mpAppSecret: string;
      /** https://open.weixin.qq.com and https://api.weixin.qq.com, replaceable for tests. */
      openBase: string;
      apiBase: string;
    };

/** Codes one phone or e-mail (target), and one client address (ip), may be sent per minute, hour and day. */
export interface SendLimits {
  target: { minute: number; hour: number; day: number };
  /** Sends from one address without a solved picture captcha (e-mail codes); past them, the captcha is asked for. */
  ip: { minute: number; hour: number; day: number };
  /**
   * Sends from one address with a solved picture captcha (every SMS, and e-mail past `ip`): high
   * enough for one hospital's shared address, still a ceiling for someone who solves captchas.
   */
  ipCaptcha: { minute: number; hour: number; day: number };
}

export const DEFAULT_SEND_LIMITS: SendLimits = {
  target: { minute: 1, hour: 5, day: 10 },
  ip: { minute: 1, hour: 5, day: 10 },
  ipCaptcha: { minute: 20, hour: 200, day: 1000 },
};

export interface AccountsSettings {
  sendLimits: SendLimits;
  /** HMAC key for captcha answers, codes and the WeChat state (AUTH_SECRET). */
  authSecret: string;
  /** HMAC key of single-sign-on tickets (SSO_SECRET), shared with sister sites that verify them. */
  ssoSecret: string;
  /** Names of the secrets generated at start because they were not set (warned about at start). */
  generatedSecrets: string[];
  /**
   * Serve /dev/outbox, /api/dev/outbox, /api/dev/captchaAnswer and the WeChat simulator pages, to
   * requests from this machine only (DEV_TOOLS; off by default in production).
   */
  devTools: boolean;
  /** Public origin of the site, e.g. https://www.example.com; '' means same-origin relative URLs. */
  publicBaseUrl: string;
  sms: SmsSettings;
  mail: MailSettings;
  wechat: WechatSettings;
}

const DEFAULT_MAIL_FROM = '千言医学 <no-reply@qianyan.local>';

/** Local providers, random secrets, dev pages on: what tests and a bare `npm run dev` use. */
export function defaultAccountsSettings(): AccountsSettings {
  return {
    sendLimits: DEFAULT_SEND_LIMITS,
    authSecret: randomBytes(32).toString('base64url'),
    ssoSecret: randomBytes(32).toString('base64url'),
    generatedSecrets: ['AUTH_SECRET', 'SSO_SECRET'],
    devTools: true,
    publicBaseUrl: '',
    sms: { provider: 'local' },
    mail: { provider: 'local', from: DEFAULT_MAIL_FROM },
    wechat: { provider: 'simulator' },
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: NodeEnv[] = ['development', 'production', 'test'];

/**
 * Reads and validates the environment. Every problem is collected, so one start shows them all;
 * an invalid value throws ConfigError and server.ts stops with its message.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(`${name} must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL`);
      return undefined;
    }
  };
  // Site links may be absolute http(s) URLs or same-site paths.
  const link = (name: string): string => {
    const raw = str(name);
    if (raw === undefined) return '';
    if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
    return url(name, ['http:', 'https:']) ?? '';
  };
  // A comma or space separated list of http(s) origins (scheme://host[:port], no path).
  const origins = (name: string): string[] => {
    const raw = str(name);
    if (raw === undefined) return [];
    const list = raw.split(/[\s,]+/).filter(Boolean);
    const bad = list.filter((o) => {
      try {
        const u = new URL(o);
        return !['http:', 'https:'].includes(u.protocol) || u.origin !== o.replace(/\/$/, '');
      } catch {
        return true;
      }
    });
    if (bad.length > 0) problems.push(`${name} must list http(s) origins like https://cdn.example.com, no paths (got "${bad.join(', ')}")`);
    return list.filter((o) => !bad.includes(o)).map((o) => o.replace(/\/$/, ''));
  };
  const dir = (name: string, fallback: string): string => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    return isAbsolute(raw) ? raw : resolve(process.cwd(), raw);
  };

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  };

  const nodeEnvRaw = str('NODE_ENV') ?? 'development';
  let nodeEnv: NodeEnv = 'development';
  if (NODE_ENVS.includes(nodeEnvRaw as NodeEnv)) nodeEnv = nodeEnvRaw as NodeEnv;
  else problems.push(`NODE_ENV must be one of ${NODE_ENVS.join(', ')} (got "${nodeEnvRaw}")`);

  const logLevelRaw = str('LOG_LEVEL') ?? 'info';
  let logLevel: LogLevel = 'info';
  if (LOG_LEVELS.includes(logLevelRaw as LogLevel)) logLevel = logLevelRaw as LogLevel;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevelRaw}")`);

  const host = str('HOST') ?? '0.0.0.0';
  const port = int('PORT', 8080, 0, 65535);
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const pgliteRaw = str('PGLITE_DIR');
  const pgliteDir =
    pgliteRaw === 'memory://' ? pgliteRaw : dir('PGLITE_DIR', resolve(repoRoot, 'data', 'pglite'));
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);

  const trustRaw = str('TRUST_PROXY');
  let trustProxy: boolean | number | string = false;
  if (trustRaw !== undefined) {
    if (/^(true|false)$/i.test(trustRaw)) trustProxy = trustRaw.toLowerCase() === 'true';
    else if (/^\d+$/.test(trustRaw)) trustProxy = Number(trustRaw);
    else if (/^[0-9a-f.:/,\s]+$/i.test(trustRaw)) trustProxy = trustRaw;
    else problems.push(`TRUST_PROXY must be true, false, a hop count or a list of addresses (got "${trustRaw}")`);
  }

  const config: AppConfig = {
    nodeEnv,
    host,
    port,
    logLevel,
    prettyLogs: nodeEnv === 'development' && Boolean(process.stdout.isTTY),
    databaseUrl,
    databasePoolMax: int('DATABASE_POOL_MAX', 10, 1, 1000),
    pgliteSlowMs: int('PGLITE_SLOW_MS', 500, 0, 3_600_000),
    pgliteDir,
    // The embedded database is the demo mode, so it is seeded unless told otherwise; a real
    // production database only gets demo accounts when SEED_DEMO_DATA=true.
    seedDemoData: bool('SEED_DEMO_DATA', !(nodeEnv === 'production' && databaseUrl !== undefined)),
    redisUrl,
    trustProxy,
    webRoot: dir('QY_WEB_ROOT', resolve(repoRoot, 'shell', 'dist')),
    releasesDir: dir('QY_RELEASES_DIR', resolve(repoRoot, 'releases')),
    releases: {
      state: oneOf('RELEASE_STATE', ['file', 'database'] as const, 'file'),
      tokens: parseReleaseTokens(str('RELEASE_TOKENS'), problems),
      previewTtlMs: int('RELEASE_PREVIEW_HOURS', 24, 1, 24 * 30) * 3_600_000,
    },
    apiDocs: bool('API_DOCS', true),
    cspExtraOrigins: origins('CSP_EXTRA_ORIGINS'),
    site: {
      downloadIosUrl: link('DOWNLOAD_IOS_URL'),
      downloadAndroidUrl: link('DOWNLOAD_ANDROID_URL'),
      medicalHumanitiesUrl: link('MEDICAL_HUMANITIES_URL'),
      membershipBaseUrl: link('MEMBERSHIP_BASE_URL').replace(/\/+$/, ''),
    },
    loginThrottle: {
      windowMs: int('LOGIN_FAIL_WINDOW_MINUTES', 15, 1, 24 * 60) * 60_000,
      maxFailuresPerAccount: int('LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1000),
      maxFailuresPerIp: int('LOGIN_MAX_FAILURES_PER_IP', 20, 1, 100_000),
    },
    now: () => new Date(),
    accounts: loadAccountsSettings(env, { nodeEnv, databaseUrl, str, bool, int, url, problems }),
    uploads: loadUploadSettings({ str, bool, url, dir, problems }),
    payments: undefined,
  };
  config.payments = loadPaymentSettings({ nodeEnv, databaseUrl, str, bool, int, url, problems }, config.accounts!);
  config.media = loadMediaSettings({ str, int, dir, problems }, config.accounts!, config.uploads!);
  // Scheduled articles go live within a minute of their time: a run at least every 60 s.
  const mediaDefaults = defaultMediaLimits();
  config.editorial = {
    schedulerIntervalMs: int('EDITORIAL_SCHEDULER_INTERVAL_SECONDS', 15, 0, 60) * 1000,
    // Pictures are decoded in memory (sharp), so their limit stays small; audio and video are streamed to disk.
    mediaLimits: {
      image: int('EDITORIAL_MEDIA_MAX_IMAGE_MB', mediaDefaults.image / MB, 1, 50) * MB,
      audio: int('EDITORIAL_MEDIA_MAX_AUDIO_MB', mediaDefaults.audio / MB, 1, 2000) * MB,
      video: int('EDITORIAL_MEDIA_MAX_VIDEO_MB', mediaDefaults.video / MB, 1, 2000) * MB,
    },
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

interface EnvReaders {
  nodeEnv: NodeEnv;
  databaseUrl?: string;
  str: (name: string) => string | undefined;
  bool: (name: string, fallback: boolean) => boolean;
  int: (name: string, fallback: number, min: number, max: number) => number;
  url: (name: string, protocols: string[]) => string | undefined;
  problems: string[];
}

/**
 * Accounts settings. A production database (NODE_ENV=production with DATABASE_URL) is the live
 * site: it needs AUTH_SECRET and SSO_SECRET, real SMS and mail providers and the real WeChat adapter
 * (unless DEV_TOOLS=true for a staging site), and serves no dev pages. Elsewhere (development, tests,
 * `npm start` on the embedded database) the local providers and the simulator are the default. The dev
 * pages are off in any production start unless DEV_TOOLS=true (`npm start` sets it for its demo).
 */
function loadAccountsSettings(env: NodeJS.ProcessEnv, r: EnvReaders): AccountsSettings {
  const { str, problems } = r;
  const live = r.nodeEnv === 'production' && r.databaseUrl !== undefined;
  // Off in production whatever the database: `npm start` turns them on for its demo explicitly.
  const devTools = r.bool('DEV_TOOLS', r.nodeEnv !== 'production');
  const need = (name: string, why: string): string => {
    const v = str(name);
    if (v === undefined) problems.push(`${name} is required ${why}`);
    return v ?? '';
  };
  const choice = <T extends string>(name: string, options: readonly T[], fallback: T): T => {
    const raw = str(name)?.toLowerCase() ?? fallback;
    if ((options as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${options.join(', ')} (got "${env[name]}")`);
    return fallback;
  };

  const generatedSecrets: string[] = [];
  const secret = (name: string): string => {
    const v = str(name);
    if (v !== undefined) {
      if (v.length < 32) problems.push(`${name} must be at least 32 characters (a random string, e.g. openssl rand -base64 32)`);
      return v;
    }
    if (live) problems.push(`${name} is required in production with DATABASE_URL (at least 32 random characters)`);
    generatedSecrets.push(name);
    return randomBytes(32).toString('base64url');
  };
  const authSecret = secret('AUTH_SECRET');
  const ssoSecret = secret('SSO_SECRET');

  const publicBaseUrl = (r.url('PUBLIC_BASE_URL', ['http:', 'https:']) ?? '').replace(/\/+$/, '');
  const localRefused = (name: string, real: string) =>
    problems.push(
      `${name}=local only writes to the local outbox, which a production database's site does not serve: set ${name}=${real} and its keys (or DEV_TOOLS=true for a staging site)`,
    );

  let sms: SmsSettings = { provider: 'local' };
  const smsProvider = choice('SMS_PROVIDER', ['local', 'aliyun'] as const, 'local');
  if (smsProvider === 'aliyun') {
    const why = 'when SMS_PROVIDER=aliyun';
    sms = {
      provider: 'aliyun',
      accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID', why),
      accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET', why),
      signName: need('ALIYUN_SMS_SIGN_NAME', why),
      templateCode: need('ALIYUN_SMS_TEMPLATE_CODE', why),
      noticeTemplateCode: str('ALIYUN_SMS_NOTICE_TEMPLATE_CODE') ?? '',
      endpoint: (r.url('ALIYUN_SMS_ENDPOINT', ['https:', 'http:']) ?? 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, ''),
    };
  } else if (live && !devTools) localRefused('SMS_PROVIDER', 'aliyun');

  const from = str('MAIL_FROM') ?? DEFAULT_MAIL_FROM;
  let mail: MailSettings = { provider: 'local', from };
  const mailProvider = choice('MAIL_PROVIDER', ['local', 'smtp'] as const, 'local');
  if (mailProvider === 'smtp') {
    const port = r.int('SMTP_PORT', 587, 1, 65535);
    mail = {
      provider: 'smtp',
      host: need('SMTP_HOST', 'when MAIL_PROVIDER=smtp'),
      port,
      secure: r.bool('SMTP_SECURE', port === 465),
      user: str('SMTP_USER') ?? '',
      password: str('SMTP_PASSWORD') ?? '',
      from: live ? need('MAIL_FROM', 'when MAIL_PROVIDER=smtp in production') : from,
    };
  } else if (live && !devTools) localRefused('MAIL_PROVIDER', 'smtp');

  let wechat: WechatSettings = { provider: 'simulator' };
  const wechatProvider = choice('WECHAT_PROVIDER', ['simulator', 'wechat'] as const, 'simulator');
  if (wechatProvider === 'wechat') {
    const why = 'when WECHAT_PROVIDER=wechat';
    wechat = {
      provider: 'wechat',
      openAppId: need('WECHAT_OPEN_APP_ID', why),
      openAppSecret: need('WECHAT_OPEN_APP_SECRET', why),
      mpAppId: str('WECHAT_MP_APP_ID') ?? '',
      mpAppSecret: str('WECHAT_MP_APP_SECRET') ?? '',
      openBase: (r.url('WECHAT_OPEN_BASE', ['https:', 'http:']) ?? 'https://open.weixin.qq.com').replace(/\/+$/, ''),
      apiBase: (r.url('WECHAT_API_BASE', ['https:', 'http:']) ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    };
    if (wechat.mpAppId && !wechat.mpAppSecret) problems.push('WECHAT_MP_APP_SECRET is required when WECHAT_MP_APP_ID is set');
    if (!publicBaseUrl) problems.push('PUBLIC_BASE_URL is required when WECHAT_PROVIDER=wechat (WeChat returns to <PUBLIC_BASE_URL>/wechat/wxlogin)');
  } else if (live && !devTools) {
    problems.push(
      'WECHAT_PROVIDER=simulator is a local stand-in: set WECHAT_PROVIDER=wechat with WECHAT_OPEN_APP_ID/SECRET and PUBLIC_BASE_URL (or DEV_TOOLS=true for a staging site)',
    );
  }

  const limits = (name: string, fallback: SendLimits['ip']): SendLimits['ip'] => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const parts = raw.split(',').map((p) => p.trim());
    if (parts.length !== 3 || parts.some((p) => !/^\d{1,6}$/.test(p) || Number(p) < 1)) {
      problems.push(`${name} must be three positive integers "per minute,per hour,per day" (got "${raw}")`);
      return fallback;
    }
    const [minute, hour, day] = parts.map(Number) as [number, number, number];
    return { minute, hour, day };
  };
  const sendLimits: SendLimits = {
    target: limits('CODE_SEND_LIMIT_TARGET', DEFAULT_SEND_LIMITS.target),
    ip: limits('CODE_SEND_LIMIT_IP', DEFAULT_SEND_LIMITS.ip),
    ipCaptcha: limits('CODE_SEND_LIMIT_IP_CAPTCHA', DEFAULT_SEND_LIMITS.ipCaptcha),
  };

  return { sendLimits, authSecret, ssoSecret, generatedSecrets, devTools, publicBaseUrl, sms, mail, wechat };
}

/** Local disk under ./data/uploads: the default, and what tests get unless they say otherwise. */
export function defaultUploadSettings(): UploadSettings {
  return { storage: 'local', dir: resolve(repoRoot, 'data', 'uploads') };
}

/**
 * Upload storage: local disk (UPLOADS_DIR) or an S3-compatible bucket, which needs every S3_*
 * setting except the optional region, path style and key prefix.
 */
function loadUploadSettings(r: {
  str: (name: string) => string | undefined;
  bool: (name: string, fallback: boolean) => boolean;
  url: (name: string, protocols: string[]) => string | undefined;
  dir: (name: string, fallback: string) => string;
  problems: string[];
}): UploadSettings {
  const { str, problems } = r;
  const storageRaw = str('UPLOADS_STORAGE')?.toLowerCase() ?? 'local';
  const dir = r.dir('UPLOADS_DIR', defaultUploadSettings().dir);
  if (storageRaw === 'local') return { storage: 'local', dir };
  if (storageRaw !== 's3') {
    problems.push(`UPLOADS_STORAGE must be local or s3 (got "${storageRaw}")`);
    return { storage: 'local', dir };
  }
  const need = (name: string): string => {
    const v = str(name);
    if (v === undefined) problems.push(`${name} is required when UPLOADS_STORAGE=s3`);
    return v ?? '';
  };
  const needUrl = (name: string): string => {
    if (str(name) === undefined) {
      problems.push(`${name} is required when UPLOADS_STORAGE=s3`);
      return '';
    }
    return r.url(name, ['http:', 'https:']) ?? '';
  };
  const region = str('S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region)) problems.push(`S3_REGION must look like us-east-1 or cn-beijing (got "${region}")`);
  let keyPrefix = str('S3_KEY_PREFIX') ?? 'uploads/';
  if (keyPrefix && !keyPrefix.endsWith('/')) keyPrefix += '/';
  if (!/^[A-Za-z0-9._\-/]*$/.test(keyPrefix) || keyPrefix.startsWith('/')) {
    problems.push(`S3_KEY_PREFIX may hold letters, digits, . _ - and / and must not start with / (got "${keyPrefix}")`);
  }
  return {
    storage: 's3',
    dir,
    s3: {
      endpoint: needUrl('S3_ENDPOINT'),
      region,
      bucket: need('S3_BUCKET'),
      accessKeyId: need('S3_ACCESS_KEY_ID'),
      secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
      publicBaseUrl: needUrl('S3_PUBLIC_BASE_URL'),
      forcePathStyle: r.bool('S3_FORCE_PATH_STYLE', true),
      keyPrefix,
    },
  };
}

export const DEFAULT_MEDIA_URL_TTL_SECONDS = 1800;

/** The local store in server/media, 30-minute URLs; the key is random unless given (tests, bare runs). */
export function defaultMediaSettings(secret: string = randomBytes(32).toString('base64url')): MediaSettings {
  return { storage: 'local', dir: resolve(serverRoot, 'media'), s3KeyPrefix: 'media/', ttlSeconds: DEFAULT_MEDIA_URL_TTL_SECONDS, secret };
}

/**
 * Gated media: MEDIA_STORAGE local (MEDIA_DIR) or s3 (the uploads bucket, under MEDIA_S3_KEY_PREFIX);
 * URLs live MEDIA_URL_TTL_SECONDS (minutes, not days). The key is MEDIA_URL_SECRET, else derived from
 * AUTH_SECRET, so every instance of a site signs and checks alike.
 */
function loadMediaSettings(
  r: {
    str: (name: string) => string | undefined;
    int: (name: string, fallback: number, min: number, max: number) => number;
    dir: (name: string, fallback: string) => string;
    problems: string[];
  },
  accounts: AccountsSettings,
  uploads: UploadSettings,
): MediaSettings {
  const { str, problems } = r;
  const defaults = defaultMediaSettings('');
  const own = str('MEDIA_URL_SECRET');
  if (own !== undefined && own.length < 32) problems.push('MEDIA_URL_SECRET must be at least 32 characters (a random string, e.g. openssl rand -base64 32)');
  const storageRaw = str('MEDIA_STORAGE')?.toLowerCase() ?? 'local';
  let storage: MediaSettings['storage'] = 'local';
  if (storageRaw === 's3') {
    if (uploads.storage === 's3') storage = 's3';
    else problems.push('MEDIA_STORAGE=s3 uses the uploads bucket: set UPLOADS_STORAGE=s3 and its S3_* settings');
  } else if (storageRaw !== 'local') problems.push(`MEDIA_STORAGE must be local or s3 (got "${storageRaw}")`);
  let s3KeyPrefix = str('MEDIA_S3_KEY_PREFIX') ?? defaults.s3KeyPrefix;
  if (!s3KeyPrefix.endsWith('/')) s3KeyPrefix += '/';
  if (!/^[A-Za-z0-9._\-/]+$/.test(s3KeyPrefix) || s3KeyPrefix.startsWith('/')) {
    problems.push(`MEDIA_S3_KEY_PREFIX may hold letters, digits, . _ - and / and must not start with / (got "${s3KeyPrefix}")`);
  }
  if (storage === 's3' && uploads.s3 && s3KeyPrefix === uploads.s3.keyPrefix) {
    problems.push('MEDIA_S3_KEY_PREFIX must differ from S3_KEY_PREFIX: uploads are public-read, gated media must not be');
  }
  return {
    storage,
    dir: r.dir('MEDIA_DIR', defaults.dir),
    s3KeyPrefix,
    ttlSeconds: r.int('MEDIA_URL_TTL_SECONDS', DEFAULT_MEDIA_URL_TTL_SECONDS, 60, 4 * 3600),
    secret: own ?? `${accounts.authSecret}:media-url`,
  };
}

/** WeChat Pay API v3 (platform public-key mode). Keys are PEM text. */
export interface WechatPaySettings {
  mchId: string;
  /** The appid the payments are made under (official account; also used for Native and H5). */
  appId: string;
  /** Serial number of the merchant API certificate (sent with every signed request). */
  merchantSerialNo: string;
  merchantPrivateKey: string;
  /** WeChat Pay's public key and its id (PUB_KEY_ID_…): verifies responses and notifications. */
  platformPublicKeyId: string;
  platformPublicKey: string;
  /** APIv3 key: 32 characters, decrypts notification resources (AES-256-GCM). */
  apiV3Key: string;
  apiBase: string;
  /** H5 scene_info: the site's name and address as registered with WeChat Pay. */
  h5AppName: string;
}

/** Alipay (open platform, public-key mode, RSA2). Keys are PEM text. */
export interface AlipaySettings {
  appId: string;
  appPrivateKey: string;
  alipayPublicKey: string;
  gateway: string;
  /** The merchant's Alipay account id (PID, 2088…): notifications must name it as seller_id. */
  sellerId: string;
  /** Periodic deduction: sign scene agreed with Alipay (e.g. INDUSTRY|DIGITAL_MEDIA). */
  signScene: string;
  /** Periodic deduction product code. */
  personalProductCode: string;
}

export interface PaymentSettings {
  /** sandbox: both channels go to the local cashier; live: WeChat Pay and/or Alipay with real keys. */
  mode: 'sandbox' | 'live';
  wechatpay?: WechatPaySettings;
  alipay?: AlipaySettings;
  /**
   * Public origin the providers send notifications to (<base>/api/pay/notify/<provider>). ''
   * with the sandbox means: deliver inside this process (no network hop, same route and checks).
   */
  notifyBaseUrl: string;
  /** Public origin for return links and the sandbox cashier's absolute URLs; '' means the request's origin. */
  publicBaseUrl: string;
  /** HMAC key of the sandbox's notifications. */
  sandboxSecret: string;
  /** Unpaid orders close after this many minutes (payment links expire with them). */
  orderTtlMinutes: number;
  /** The reconciler: every intervalMs (0 = no timer), for unpaid payments older than minAgeMs. */
  reconcile: { intervalMs: number; minAgeMs: number };
  /** Continuous plans: the renewal scheduler (0 = no timer), charge leadMs before the paid time ends, retry every retryMs during graceMs. */
  renewal: { intervalMs: number; leadMs: number; graceMs: number; retryMs: number };
}

/** Sandbox cashier, no timers: what tests and a bare buildApp get. */
export function defaultPaymentSettings(): PaymentSettings {
  return {
    mode: 'sandbox',
    notifyBaseUrl: '',
    publicBaseUrl: '',
    sandboxSecret: randomBytes(32).toString('base64url'),
    orderTtlMinutes: 120,
    reconcile: { intervalMs: 0, minAgeMs: 3 * 60_000 },
    renewal: { intervalMs: 0, leadMs: 24 * 3_600_000, graceMs: 3 * 24 * 3_600_000, retryMs: 12 * 3_600_000 },
  };
}

/**
 * Reads a key given as PEM text (literal "\n" allowed, as env files write it), as base64 DER
 * without the PEM lines (Alipay's key tool), or as a path to a PEM file. Returns normalised PEM or
 * undefined with a problem noted.
 */
export function readKey(raw: string, kind: 'private' | 'public', name: string, problems: string[]): string | undefined {
  let text = raw.replace(/\\n/g, '\n').trim();
  if (!text.startsWith('-----BEGIN') && !/^[A-Za-z0-9+/=\s]{100,}$/.test(text)) {
    try {
      text = readFileSync(isAbsolute(text) ? text : resolve(process.cwd(), text), 'utf8').trim();
    } catch {
      problems.push(`${name} must be a PEM key, a base64 key or the path of a PEM file (cannot read "${raw.slice(0, 40)}")`);
      return undefined;
    }
  }
  try {
    if (kind === 'private') {
      if (text.startsWith('-----BEGIN')) return createPrivateKey(text).export({ type: 'pkcs8', format: 'pem' }).toString();
      const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
      for (const type of ['pkcs8', 'pkcs1'] as const) {
        try {
          return createPrivateKey({ key: der, format: 'der', type }).export({ type: 'pkcs8', format: 'pem' }).toString();
        } catch {
          // try the other encoding
        }
      }
      throw new Error('not a private key');
    }
    if (text.startsWith('-----BEGIN')) return createPublicKey(text).export({ type: 'spki', format: 'pem' }).toString();
    const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
    return createPublicKey({ key: der, format: 'der', type: 'spki' }).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    problems.push(`${name} is not a valid RSA ${kind} key`);
    return undefined;
  }
}

/**
 * Payments. PAY_PROVIDER=sandbox (the default) sends both channels to the local cashier; it is
 * refused for a production database unless DEV_TOOLS=true (a staging site). PAY_PROVIDER=live
 * enables WeChat Pay when WECHATPAY_MCHID is set and Alipay when ALIPAY_APP_ID is set, each then
 * with every key it needs, and needs a public notification address.
 */
function loadPaymentSettings(r: EnvReaders, accounts: AccountsSettings): PaymentSettings {
  const { str, problems } = r;
  const live = r.nodeEnv === 'production' && r.databaseUrl !== undefined;
  const defaults = defaultPaymentSettings();
  const modeRaw = (str('PAY_PROVIDER') ?? 'sandbox').toLowerCase();
  let mode: PaymentSettings['mode'] = 'sandbox';
  if (modeRaw === 'live') mode = 'live';
  else if (modeRaw !== 'sandbox') problems.push(`PAY_PROVIDER must be sandbox or live (got "${str('PAY_PROVIDER')}")`);

  const base = (name: string) => (r.url(name, ['http:', 'https:']) ?? '').replace(/\/+$/, '');
  const publicBaseUrl = base('PAY_PUBLIC_BASE_URL') || accounts.publicBaseUrl;
  const notifyBaseUrl = base('PAY_NOTIFY_BASE_URL') || (mode === 'live' ? publicBaseUrl : '');
  const minutes = (name: string, fallback: number, min: number, max: number) => r.int(name, fallback, min, max);

  const settings: PaymentSettings = {
    ...defaults,
    mode,
    notifyBaseUrl,
    publicBaseUrl,
    // Several instances must agree on it: derived from AUTH_SECRET (random per run when unset).
    sandboxSecret: str('PAY_SANDBOX_SECRET') ?? `${accounts.authSecret}:pay-sandbox`,
    orderTtlMinutes: minutes('PAY_ORDER_TTL_MINUTES', defaults.orderTtlMinutes, 5, 24 * 60),
    reconcile: {
      intervalMs: r.int('PAY_RECONCILE_INTERVAL_SECONDS', 60, 0, 24 * 3600) * 1000,
      minAgeMs: minutes('PAY_RECONCILE_MIN_AGE_MINUTES', 3, 1, 24 * 60) * 60_000,
    },
    renewal: {
      intervalMs: r.int('PAY_RENEWAL_INTERVAL_SECONDS', 600, 0, 24 * 3600) * 1000,
      leadMs: r.int('PAY_RENEWAL_LEAD_HOURS', 24, 0, 240) * 3_600_000,
      graceMs: r.int('PAY_RENEWAL_GRACE_DAYS', 3, 0, 30) * 24 * 3_600_000,
      retryMs: r.int('PAY_RENEWAL_RETRY_HOURS', 12, 1, 240) * 3_600_000,
    },
  };

  if (mode === 'sandbox') {
    if (live && !accounts.devTools) {
      problems.push(
        'PAY_PROVIDER=sandbox takes no money: set PAY_PROVIDER=live with WECHATPAY_* and/or ALIPAY_* keys (or DEV_TOOLS=true for a staging site)',
      );
    }
    return settings;
  }

  const need = (name: string, why: string): string => {
    const v = str(name);
    if (v === undefined) problems.push(`${name} is required ${why}`);
    return v ?? '';
  };
  const key = (name: string, kind: 'private' | 'public', why: string) => {
    const v = need(name, why);
    return v ? (readKey(v, kind, name, problems) ?? '') : '';
  };

  if (str('WECHATPAY_MCHID') !== undefined) {
    const why = 'when WECHATPAY_MCHID is set';
    const apiV3Key = need('WECHATPAY_APIV3_KEY', why);
    if (apiV3Key && Buffer.byteLength(apiV3Key) !== 32) problems.push('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key');
    const publicKeyId = need('WECHATPAY_PUBLIC_KEY_ID', why);
    if (publicKeyId && !publicKeyId.startsWith('PUB_KEY_ID_')) problems.push('WECHATPAY_PUBLIC_KEY_ID must start with PUB_KEY_ID_ (platform public-key mode)');
    settings.wechatpay = {
      mchId: need('WECHATPAY_MCHID', why),
      appId: need('WECHATPAY_APPID', why),
      merchantSerialNo: need('WECHATPAY_MERCHANT_SERIAL_NO', why),
      merchantPrivateKey: key('WECHATPAY_PRIVATE_KEY', 'private', why),
      platformPublicKeyId: publicKeyId,
      platformPublicKey: key('WECHATPAY_PUBLIC_KEY', 'public', why),
      apiV3Key,
      apiBase: base('WECHATPAY_API_BASE') || 'https://api.mch.weixin.qq.com',
      h5AppName: str('WECHATPAY_H5_APP_NAME') ?? '千言医学',
    };
  }
  if (str('ALIPAY_APP_ID') !== undefined) {
    const why = 'when ALIPAY_APP_ID is set';
    settings.alipay = {
      appId: need('ALIPAY_APP_ID', why),
      appPrivateKey: key('ALIPAY_PRIVATE_KEY', 'private', why),
      alipayPublicKey: key('ALIPAY_PUBLIC_KEY', 'public', why),
      gateway: r.url('ALIPAY_GATEWAY', ['https:', 'http:']) ?? 'https://openapi.alipay.com/gateway.do',
      sellerId: need('ALIPAY_SELLER_ID', why),
      signScene: str('ALIPAY_SIGN_SCENE') ?? 'INDUSTRY|DIGITAL_MEDIA',
      personalProductCode: str('ALIPAY_PERSONAL_PRODUCT_CODE') ?? 'CYCLE_PAY_AUTH_P',
    };
  }
  if (!settings.wechatpay && !settings.alipay) {
    problems.push('PAY_PROVIDER=live needs WeChat Pay (WECHATPAY_MCHID and its keys) or Alipay (ALIPAY_APP_ID and its keys), or both');
  }
  if (!notifyBaseUrl) {
    problems.push('PAY_NOTIFY_BASE_URL (or PUBLIC_BASE_URL) is required with PAY_PROVIDER=live: the providers send payment notifications to <base>/api/pay/notify/…');
  } else if (live && !notifyBaseUrl.startsWith('https://')) {
    problems.push('PAY_NOTIFY_BASE_URL must be an https:// address in production (WeChat Pay and Alipay notify only https)');
  }
  return settings;
}
