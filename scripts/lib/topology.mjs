// The production topology, described once: PostgreSQL, Redis, two API instances and nginx in front
// serving the shell and the remotes. deploy/compose.yaml describes it for containers and
// scripts/topology.mjs runs it as processes on this machine; server/test/deploy.test.ts checks that
// the two name the same services, ports and variables as this file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_LINK, SHELL } from './releases.mjs';

// Not imported from apps.mjs: the server's tests read this file and need nothing of the build tools.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Service names, the same in compose.yaml and in the processes scripts/topology.mjs starts. */
export const SERVICES = ['postgres', 'redis', 'api1', 'api2', 'nginx'];
export const API_SERVICES = ['api1', 'api2'];
/** The port an API instance listens on in its container (the image's EXPOSE). */
export const API_CONTAINER_PORT = 8080;
/** The port nginx listens on in its container. */
export const NGINX_CONTAINER_PORT = 80;

export const NGINX_TEMPLATE = path.join(ROOT, 'deploy', 'nginx', 'default.conf.template');
/** The variables of the nginx template, filled from the environment (compose) or by renderNginx. */
export const NGINX_VARIABLES = ['QY_LISTEN', 'QY_API_1', 'QY_API_2', 'QY_WEB_ROOT', 'QY_RELEASES_ROOT'];

/**
 * The live shell's files in a releases folder: the link the release store keeps on the live shell
 * release. nginx serves the shell from it and the API instances take it as QY_WEB_ROOT, in
 * compose.yaml (`posix` paths of the containers) and in the topology script alike.
 */
export function liveShellDir(releasesDir, { posix = false } = {}) {
  return (posix ? path.posix : path).join(releasesDir, SHELL, LIVE_LINK);
}

/** The secrets a production database requires (server/src/config.ts), generated per run here. */
export const SECRETS = ['AUTH_SECRET', 'SSO_SECRET'];

/** The release service's holder of the run's token (RELEASE_TOKENS), named in the release history. */
export const RELEASE_TOKEN_NAME = 'operator';

/**
 * The environment of one API instance: production mode on PostgreSQL and Redis, behind one proxy
 * hop, with the given secrets and folders. Every name here is also set by compose.yaml's API
 * services (its values differ: container hosts, /srv paths, secrets from deploy/.env).
 */
export function apiEnv({ port, databaseUrl, redisUrl, secrets, webRoot, releasesDir, uploadsDir, publicBaseUrl, devTools, releaseToken }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TRUST_PROXY: '1',
    AUTH_SECRET: secrets.AUTH_SECRET,
    SSO_SECRET: secrets.SSO_SECRET,
    PUBLIC_BASE_URL: publicBaseUrl,
    QY_WEB_ROOT: webRoot,
    QY_RELEASES_DIR: releasesDir,
    // Several instances: the live releases in the database, changed through the release service.
    RELEASE_STATE: 'database',
    RELEASE_TOKENS: `${RELEASE_TOKEN_NAME}=${releaseToken}`,
    UPLOADS_DIR: uploadsDir,
    DEV_TOOLS: devTools ? 'true' : 'false',
  };
}

/** Fresh random secrets, at least 32 characters each (never written to a file). */
export function generateSecrets() {
  return Object.fromEntries(SECRETS.map((name) => [name, crypto.randomBytes(32).toString('base64url')]));
}

/** The nginx template with its ${…} variables filled, as the nginx image does at start. */
export function renderNginx(vars, template = fs.readFileSync(NGINX_TEMPLATE, 'utf8')) {
  const missing = NGINX_VARIABLES.filter((name) => vars[name] === undefined);
  if (missing.length) throw new Error(`nginx template needs ${missing.join(', ')}`);
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => (NGINX_VARIABLES.includes(name) ? String(vars[name]) : whole));
}

/** The ${…} variables a template uses. */
export function templateVariables(text) {
  return [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]))].sort();
}
