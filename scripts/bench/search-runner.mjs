// Runs the search benchmark's exported function (server/bench/search.ts, loaded through tsx) and
// writes its result to the file named by the first argument, so the harness reads its own run's
// figures. Exit 0 whether the budget is met or not; 2 when the benchmark failed to run.
//   node --import tsx scripts/bench/search-runner.mjs <out.json> [--quick]
import fs from 'node:fs';

const out = process.argv[2];
const env = process.env;
try {
  const { runSearchBench } = await import('../../server/bench/search.ts');
  const result = await runSearchBench({
    quick: process.argv.includes('--quick'),
    articles: env.BENCH_ARTICLES ? Number(env.BENCH_ARTICLES) : undefined,
    samples: env.BENCH_SAMPLES ? Number(env.BENCH_SAMPLES) : undefined,
    connections: env.BENCH_SEARCH_CONNECTIONS ? Number(env.BENCH_SEARCH_CONNECTIONS) : undefined,
    loadSeconds: env.BENCH_SEARCH_SECONDS ? Number(env.BENCH_SEARCH_SECONDS) : undefined,
    targets: env.BENCH_TARGETS ? env.BENCH_TARGETS.split(',').map((s) => s.trim()) : undefined,
    databaseUrl: env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined,
    pgliteDir: env.BENCH_PGLITE_DIR || undefined,
    writeJson: false,
  });
  fs.writeFileSync(out, `${JSON.stringify({ ...result, at: new Date().toISOString() }, null, 2)}\n`);
  process.exit(0);
} catch (err) {
  console.error('[search-bench] failed:', err);
  process.exit(2);
}
