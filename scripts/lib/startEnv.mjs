// The V8 flags every server process starts with (the image's command, `npm start`, the topology and
// the benches; deploy/Dockerfile and server/package.json's start repeat them, which a test checks).
// Without a limit V8 lets garbage grow to about 600 MiB before it collects, and the server's resident
// memory follows its heap's limit, not its live size (docs/performance.md, "Memory at 100 000
// articles"). Imported files are read in a worker with a heap of its own (server
// src/modules/editorial/importReader.ts), so nothing the server does needs more than this.
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=8'];

// The environment `npm start` gives the server: production mode, and on the embedded database the
// dev tools (the outbox page is how a new user of the demo reads the SMS code it "sent"), which
// answer requests from this machine only. A DEV_TOOLS of the user's own is kept; with DATABASE_URL
// the production rules apply unchanged (no dev tools unless DEV_TOOLS=true is given).
export function startEnv(env) {
  const demo = !env.DATABASE_URL && env.DEV_TOOLS === undefined;
  return { NODE_ENV: 'production', ...(demo ? { DEV_TOOLS: 'true' } : {}), ...env };
}
