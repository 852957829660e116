// The worker thread that holds the embedded database (pgliteThread.ts): PGlite runs every statement
// on the thread that holds it, so here a search or a large write keeps this thread busy while the
// server's own thread goes on parsing requests and answering from its caches.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results } from '@electric-sql/pglite';
import type { WorkerInit, WorkerReply, WorkerRequest } from './pgliteThread.js';

const identity = (value: unknown) => value;

/** What a reply carries of an error: its message and the PostgreSQL fields (code, constraint …). */
function plainError(err: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { message: err instanceof Error ? err.message : String(err) };
  if (err && typeof err === 'object') {
    if (err instanceof Error) out.name = err.name;
    for (const [key, value] of Object.entries(err)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    }
  }
  return out;
}

const results = (r: Results) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

async function main() {
  const init = workerData as WorkerInit;
  const port = parentPort!;
  const options = { startParams: init.startParams, ...init.artifacts, ...(init.template ? { loadDataDir: init.template } : {}) };
  const pg = init.dataDir === 'memory://' ? await PGlite.create(options) : await PGlite.create(init.dataDir, options);

  const parsersByTypes = new Map<string, Record<number, typeof identity>>();
  const run = async (req: WorkerRequest): Promise<unknown> => {
    switch (req.op) {
      case 'query': {
        // Drizzle's parsers keep these types' text as it is (dates and intervals); functions cannot
        // cross threads, so the types are named and their parsers made here (once: Drizzle names
        // the same types for every statement).
        const key = req.rawTypes.join(',');
        let parsers = parsersByTypes.get(key);
        if (!parsers) parsersByTypes.set(key, (parsers = Object.fromEntries(req.rawTypes.map((type) => [type, identity]))));
        return results(await pg.query(req.sql, req.params, { rowMode: req.rowMode, parsers }));
      }
      case 'exec':
        return (await pg.exec(req.sql)).map(results);
      case 'listen':
        // PGlite calls a listener while it reads the notifying statement's reply, so the notice is
        // posted before that statement's own reply: the server thread reads them in this order.
        await pg.listen(req.channel, (payload) => port.postMessage({ notify: req.channel, payload } satisfies WorkerReply));
        return null;
      case 'close':
        await pg.close();
        return null;
    }
  };

  // One statement at a time, as PGlite would run them anyway, so that a statement's time is its own
  // and not the wait behind the one before.
  let chain: Promise<unknown> = Promise.resolve();
  /** Runs `req` in turn; reports it when slower than `slowMs` (its text only: parameters may be readers' data). */
  const timed = (req: WorkerRequest) => {
    const turn = chain.then(async () => {
      const started = performance.now();
      try {
        return await run(req);
      } finally {
        const ms = performance.now() - started;
        if (init.slowMs && ms >= init.slowMs && (req.op === 'query' || req.op === 'exec')) {
          port.postMessage({ slow: { ms: Math.round(ms), statement: req.sql.slice(0, 500) } } satisfies WorkerReply);
        }
      }
    });
    chain = turn.catch(() => undefined);
    return turn;
  };

  port.on('message', (req: WorkerRequest) => {
    timed(req).then(
      (result) => port.postMessage({ id: req.id, ok: true, result } satisfies WorkerReply),
      (err: unknown) => port.postMessage({ id: req.id, ok: false, error: plainError(err) } satisfies WorkerReply),
    );
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}

main().catch((err: unknown) => parentPort!.postMessage({ failed: plainError(err) } satisfies WorkerReply));
