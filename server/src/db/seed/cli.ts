// `npm run seed -w @qianyan/server [-- --articles N]`: applies migrations, then inserts whatever demo
// rows are missing. With --articles N, the scale corpus of N articles replaces the 300-article demo.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { MIN_CORPUS_ARTICLES } from './corpus.js';
import { seed } from './index.js';

class UsageError extends Error {}

function articlesOption(): number | undefined {
  const { values } = parseArgs({ options: { articles: { type: 'string' } }, strict: true });
  if (values.articles === undefined) return undefined;
  const n = Number(values.articles);
  if (!/^\d+$/.test(values.articles) || n < MIN_CORPUS_ARTICLES) {
    throw new UsageError(`--articles needs a whole number of at least ${MIN_CORPUS_ARTICLES}, not "${values.articles}"`);
  }
  return n;
}

try {
  const articles = articlesOption();
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    poolMax: 2,
  });
  try {
    let summary;
    await database.migrate(async (db) => {
      summary = await seed(db, { now: config.now(), articles });
    });
    const where = `${database.driver}${config.databaseUrl ? '' : `, ${config.pgliteDir}`}`;
    const what = summary ? ` ${JSON.stringify(summary)}` : '';
    console.log(`seeded (${where})${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof UsageError || err instanceof TypeError ? err.message : err);
  process.exit(1);
}
