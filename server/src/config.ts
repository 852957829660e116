import { isAbsolute, resolve } from 'node:path';
import { repoRoot } from './paths.js';

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
  /** PGlite data directory, or 'memory://' for a throw-away in-memory database. */
  pgliteDir: string;
  /** Tests only: a PGlite data-dir dump a 'memory://' database starts from (skips initdb). */
  pgliteTemplate?: Blob;
  /** Insert the demo content and accounts when the database is empty. */
  seedDemoData: boolean;
  redisUrl?: string;
  /** Fastify trustProxy: false, true, a hop count or a comma list of addresses/CIDRs. */
  trustProxy: boolean | number | string;
  webRoot: string;
  releasesDir: string;
  apiDocs: boolean;
  site: SiteSettings;
  loginThrottle: LoginThrottle;
  /** The clock every rule uses (session expiry, membership state, rate windows). Tests replace it. */
  now: () => Date;
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
  const dir = (name: string, fallback: string): string => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    return isAbsolute(raw) ? raw : resolve(process.cwd(), raw);
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
    pgliteDir,
    // The embedded database is the demo mode, so it is seeded unless told otherwise; a real
    // production database only gets demo accounts when SEED_DEMO_DATA=true.
    seedDemoData: bool('SEED_DEMO_DATA', !(nodeEnv === 'production' && databaseUrl !== undefined)),
    redisUrl,
    trustProxy,
    webRoot: dir('QY_WEB_ROOT', resolve(repoRoot, 'shell', 'dist')),
    releasesDir: dir('QY_RELEASES_DIR', resolve(repoRoot, 'releases')),
    apiDocs: bool('API_DOCS', true),
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
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
