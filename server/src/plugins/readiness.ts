import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shellRootOf } from '../lib/liveShell.js';
import type { ReleaseState } from '../modules/releases/state.js';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { pendingMigrations } from '../db/migrations.js';
import { Envelope, ok } from '../lib/envelope.js';
import { ErrorCode, Messages } from '../lib/errors.js';

/**
 * Readiness, apart from liveness (/api/health): GET /api/ready answers 200 only when this instance
 * can serve the site — the database answers, every migration of this build is applied, the shell is
 * built and the remote map names a readable manifest for every remote — and 503 from the moment it
 * starts draining (SIGTERM), so a load balancer stops sending it new requests.
 */
export interface ReadinessOptions {
  webRoot: string;
  releasesDir: string;
  releases: ReleaseState;
  /** How long the database may take to answer before the instance counts as not ready. */
  databaseTimeoutMs?: number;
}

type Check = 'ok' | 'error';
export interface Readiness {
  status: 'ready' | 'unready' | 'draining';
  checks: { database: Check; migrations: Check; shell: Check; remotes: Check };
  /** What is wrong, one line each (empty when ready). */
  problems: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness turns 503 at once and stays so; the caller then closes the app (server.ts on SIGTERM). */
    startDraining(): void;
    readiness(): Promise<Readiness>;
  }
}

const CheckState = Type.Unsafe<Check>({ type: 'string', enum: ['ok', 'error'] });
const ReadinessSchema = Type.Object({
  status: Type.Unsafe<Readiness['status']>({ type: 'string', enum: ['ready', 'unready', 'draining'] }),
  checks: Type.Object({ database: CheckState, migrations: CheckState, shell: CheckState, remotes: CheckState }),
  problems: Type.Array(Type.String()),
});

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}

/** Problems of the remote map: missing, a routed remote without entry, a local manifest that cannot be read. */
export async function remoteMapProblems(webRoot: string, releasesDir: string, releases: ReleaseState): Promise<string[]> {
  let map: unknown;
  let shell: string | undefined;
  try {
    const current = await releases.read();
    map = current.remotes;
    shell = current.live.shell;
  } catch (err) {
    return [`remote map cannot be read: ${(err as Error).message.split('\n')[0]}`];
  }
  if (Object.keys(map as object).length === 0) {
    return [releases.kind === 'file' ? `remote map ${join(releasesDir, 'remotes.json')} is missing or unreadable (no remote is live: npm run build)` : 'remote map: the database names no live remote (npm run build, then activate)'];
  }
  const entries = Object.entries(map as Record<string, unknown>);
  const problems: string[] = [];
  // The shell's route table names the remotes that own pages: each needs an entry, or its pages show the fallback.
  const routes = (await readJson(join(shellRootOf(webRoot, releasesDir, shell), 'routes.json')).catch(() => undefined)) as { remotes?: Record<string, unknown> } | undefined;
  for (const remote of Object.keys(routes?.remotes ?? {})) {
    if (!(remote in (map as object))) problems.push(`remote map has no entry for ${remote}, which owns pages of the shell`);
  }
  await Promise.all(
    entries.map(async ([remote, url]) => {
      if (typeof url !== 'string' || !url) return problems.push(`remote map entry ${remote} is not a URL`);
      // Manifests on another host (a CDN) are that host's business: an instance does not go unready over them.
      if (!url.startsWith('/remotes/')) return;
      const rel = url.slice('/remotes/'.length).split('?', 1)[0]!;
      if (rel.split('/').includes('..')) return problems.push(`remote map entry ${remote} leaves the releases folder`);
      try {
        await readJson(join(releasesDir, rel));
      } catch {
        problems.push(`manifest of ${remote} (${url}) is missing or unreadable`);
      }
    }),
  );
  return problems;
}

const readinessPlugin: FastifyPluginAsync<ReadinessOptions> = async (app, opts) => {
  let draining = false;
  // Migrations are never taken back while the process runs: once all applied, they stay so.
  let migrationsApplied = false;
  const timeoutMs = opts.databaseTimeoutMs ?? 2000;

  const withTimeout = <T>(work: Promise<T>, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)), timeoutMs);
      work.then(resolve, reject).finally(() => clearTimeout(timer));
    });

  app.decorate('startDraining', () => {
    draining = true;
  });
  // While draining, every reply (those in flight included) tells the client not to reuse the
  // connection, so a proxy's next request opens a new one, to an instance that takes it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.decorate('readiness', async (): Promise<Readiness> => {
    const problems: string[] = [];
    const checks: Readiness['checks'] = { database: 'ok', migrations: 'ok', shell: 'ok', remotes: 'ok' };
    const database = withTimeout(app.database.ping(), 'the database').catch((err: Error) => {
      checks.database = 'error';
      problems.push(`database: ${err.message.split('\n')[0]}`);
    });
    const migrations = migrationsApplied
      ? Promise.resolve()
      : withTimeout(pendingMigrations(app.db), 'the migrations table').then(
          (pending) => {
            if (pending.length === 0) migrationsApplied = true;
            else {
              checks.migrations = 'error';
              problems.push(`migrations not applied: ${pending.join(', ')}`);
            }
          },
          (err: Error) => {
            checks.migrations = 'error';
            problems.push(`migrations: ${err.message.split('\n')[0]}`);
          },
        );
    const shellIndex = opts.releases.read().then(
      (current) => join(shellRootOf(opts.webRoot, opts.releasesDir, current.live.shell), 'index.html'),
      () => join(opts.webRoot, 'index.html'),
    );
    const shell = shellIndex.then((index) =>
      readFile(index).then(
        () => undefined,
        () => {
          checks.shell = 'error';
          problems.push(`shell not built or released: no ${index}`);
        },
      ),
    );
    const remotes = remoteMapProblems(opts.webRoot, opts.releasesDir, opts.releases).then((found) => {
      if (found.length > 0) checks.remotes = 'error';
      problems.push(...found);
    });
    await Promise.all([database, migrations, shell, remotes]);
    const status = draining ? 'draining' : problems.length === 0 ? 'ready' : 'unready';
    return { status, checks, problems };
  });

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['base'],
        summary: 'Readiness: database, migrations, shell and remote map; 503 while draining',
        response: { 200: Envelope(ReadinessSchema), 503: Envelope(ReadinessSchema) },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const readiness = await app.readiness();
      reply.header('cache-control', 'no-store');
      if (readiness.status === 'ready') return ok(readiness);
      reply.code(503);
      return { code: ErrorCode.internal, msg: Messages.internal, data: readiness };
    },
  );
};

export default fp(readinessPlugin, { name: 'readiness', dependencies: ['db'] });
