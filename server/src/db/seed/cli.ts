// `npm run seed -w @qianyan/server`: applies migrations, then inserts whatever demo rows are missing.
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { seed } from './index.js';

try {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolMax: 2,
  });
  try {
    await database.migrate((db) => seed(db, { now: config.now() }));
    console.log(`seeded (${database.driver}${config.databaseUrl ? '' : `, ${config.pgliteDir}`})`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
