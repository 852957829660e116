// Runs drizzle-kit (`npm run db:generate -w @qianyan/server`, or `node scripts/drizzle-kit.mjs <cmd>`).
// npm hoists drizzle-kit to the root node_modules but keeps drizzle-orm under server/, so the kit
// cannot find the ORM by itself: NODE_PATH covers its require() calls and a resolve hook its import()s.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const nodePath = [join(serverDir, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(delimiter);

const { status } = spawnSync(
  process.execPath,
  ['--import', new URL('./register-drizzle-orm.mjs', import.meta.url).href, bin, ...process.argv.slice(2)],
  { cwd: serverDir, stdio: 'inherit', env: { ...process.env, NODE_PATH: nodePath } },
);
process.exit(status ?? 1);
