import type { Server } from 'node:http';
import net from 'node:net';
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

/** How long a draining instance waits for its connections to end by themselves before it closes the rest. */
const DRAIN_CONNECTIONS_MS = 6_000;
/** Draining, start to end, never takes longer than this: then the process exits anyway (1). */
const DRAIN_LIMIT_MS = 10_000;

/**
 * Stops taking new connections (a proxy's connect is refused, so it sends the request to another
 * instance, a POST included) and resolves once the open ones have ended, or after `maxMs`. Each ends
 * after its next reply (while draining every reply says `Connection: close`) or when the proxy drops
 * it idle (nginx's upstream keepalive_timeout in deploy/nginx is shorter than `maxMs`). An idle
 * connection is not cut from this side: the proxy may be sending a request on it at that very moment,
 * and a POST it has sent is never repeated on another instance, so the reader would get a 502.
 * http.Server#close closes idle connections at once, hence net.Server's own close of the listener.
 */
function stopAccepting(server: Server, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    net.Server.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

// Draining: readiness turns 503 at once, the listener closes (new connections are refused, so a
// proxy retries on another instance), the open connections end after their requests in flight (or
// when the proxy lets them go idle), then the app closes (what is left, then the database); exit 0.
// SIGINT (Ctrl-C at a terminal) does not wait for idle connections: a browser keeps one for minutes.
// A second signal does not cut it short.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.startDraining();
    app.log.info({ signal }, 'draining: finishing requests in flight, then closing');
    const timer = setTimeout(() => {
      app.log.error('graceful close timed out');
      process.exit(1);
    }, DRAIN_LIMIT_MS);
    timer.unref();
    stopAccepting(app.server, signal === 'SIGTERM' ? DRAIN_CONNECTIONS_MS : 0)
      .then(() => app.close())
      .then(
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
  // Warm before taking requests: the first readers of a new instance do not wait for the list index
  // and the segmenter. A failure here (the database not yet reachable) only leaves them cold.
  const warmStart = Date.now();
  await app.warmCaches().then(
    () => app.log.info({ ms: Date.now() - warmStart }, 'caches warm'),
    (err: Error) => app.log.warn({ err: { message: err.message } }, 'warming the caches failed; they fill on first use'),
  );
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close().catch(() => {});
  process.exit(1);
}
