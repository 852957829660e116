import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle, type Db } from '../db/client.js';
import { seedIfEmpty } from '../db/seed/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: DatabaseHandle;
  }
}

export interface DbPluginOptions {
  databaseUrl?: string;
  pgliteDir: string;
  pgliteTemplate?: Blob;
  poolMax: number;
  pgliteSlowMs?: number;
  seedDemoData: boolean;
  now: () => Date;
}

/** Opens PGlite or PostgreSQL, applies migrations, seeds an empty database, closes on shutdown. */
export default fp<DbPluginOptions>(
  async function dbPlugin(app, opts) {
    const database = await openDatabase({
      databaseUrl: opts.databaseUrl,
      pgliteDir: opts.pgliteDir,
      pgliteTemplate: opts.pgliteTemplate,
      poolMax: opts.poolMax,
      pgliteSlowMs: opts.pgliteSlowMs,
      log: app.log,
    });
    try {
      await database.migrate(async (db) => {
        if (!opts.seedDemoData) return;
        const seeded = await seedIfEmpty(db, { now: opts.now() });
        if (seeded) app.log.info('seeded demo content and accounts into an empty database');
      });
    } catch (err) {
      await database.close().catch(() => {});
      throw err;
    }
    app.log.info({ driver: database.driver }, 'database ready');
    app.decorate('db', database.db);
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'db' },
);
