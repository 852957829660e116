import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';

// Starts the server: listen, and close gracefully on SIGINT / SIGTERM.
let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp(config);
if (config.nodeEnv === 'production' && !config.databaseUrl) {
  app.log.warn(
    { pgliteDir: config.pgliteDir },
    'DATABASE_URL is not set: using the embedded PGlite database (one process only; set DATABASE_URL for PostgreSQL)',
  );
}

// Draining: readiness turns 503 at once (a load balancer stops sending), the listener closes (new
// connections are refused, so a proxy retries on another instance), requests in flight finish, idle
// keep-alive connections are closed, then the database; exit 0. A second signal does not cut it short.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.startDraining();
    app.log.info({ signal }, 'draining: finishing requests in flight, then closing');
    // In-flight requests get 10 s to finish; then the process ends anyway.
    const timer = setTimeout(() => {
      app.log.error('graceful close timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('closed');
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'close failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}
