// The environment `npm start` gives the server: production mode, and on the embedded database the
// dev tools (the outbox page is how a new user of the demo reads the SMS code it "sent"), which
// answer requests from this machine only. A DEV_TOOLS of the user's own is kept; with DATABASE_URL
// the production rules apply unchanged (no dev tools unless DEV_TOOLS=true is given).
export function startEnv(env) {
  const demo = !env.DATABASE_URL && env.DEV_TOOLS === undefined;
  return { NODE_ENV: 'production', ...(demo ? { DEV_TOOLS: 'true' } : {}), ...env };
}
