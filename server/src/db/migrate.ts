// `node server/dist/db/migrate.js`: applies the committed
// migrations to DATABASE_URL (or the embedded PGlite), then writes the search vectors the migration
// left to write (rows holding a word the segmenter's dictionary gained: search/dictionary.ts), and
// exits; what a release runs before it starts new API instances, so their first searches do not
// wait for that indexing. Instances also migrate at start, under the same lock, so this is never
// harmful.
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { pendingMigrations } from './migrations.js';
import { indexStale } from '../modules/search/vectors.js';

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolMax: 2 });
  try {
    const before = await pendingMigrations(database.db);
    await database.migrate();
    const after = await pendingMigrations(database.db);
    if (after.length > 0) throw new Error(`still not applied: ${after.join(', ')}`);
    console.log(before.length > 0 ? `applied ${before.length} migration(s): ${before.join(', ')}` : 'migrations: all applied, nothing to do');
    const indexed = await indexStale(database.db);
    if (indexed > 0) console.log(`search: ${indexed} article(s) and lesson(s) indexed again`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
