// `node server/dist/db/migrate.js`: applies the committed
// migrations to DATABASE_URL (or the embedded PGlite) and exits; what a release runs before it starts
// new API instances. Instances also migrate at start, under the same lock, so this is never harmful.
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { pendingMigrations } from './migrations.js';

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolMax: 2 });
  try {
    const before = await pendingMigrations(database.db);
    await database.migrate();
    const after = await pendingMigrations(database.db);
    if (after.length > 0) throw new Error(`still not applied: ${after.join(', ')}`);
    console.log(before.length > 0 ? `applied ${before.length} migration(s): ${before.join(', ')}` : 'migrations: all applied, nothing to do');
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
