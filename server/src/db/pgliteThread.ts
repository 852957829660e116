// The embedded database on a thread of its own (docs/decisions.md, "PGlite on a worker thread").
// PGlite runs every statement on the thread that holds it: in the server's own thread, an 18 ms
// search or a 1 s statement stopped every other request, cached answers included. Here it runs in
// a worker (pgliteWorker.ts), and this side offers what Drizzle's PGlite driver and the server ask
// of a PGlite client (query, exec, transaction, listen, close), with the same order of statements:
// the worker runs them one at a time in the order they were sent, and while a transaction is open
// no other statement is sent.
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';
import { workerEntry } from '../lib/workerEntry.js';

export interface WorkerInit {
  dataDir: string;
  /** For 'memory://': the data-dir dump to start from. */
  template?: Blob;
  startParams: string[];
  /** Statements slower than this (ms) are reported (`slow` replies); 0 reports none. */
  slowMs: number;
  /** PGlite's WebAssembly and file bundle, read and compiled once per process (see artifacts). */
  artifacts: Artifacts;
}

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
// The server's TypeScript library has no WebAssembly namespace (it is Node's global).
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

interface Artifacts {
  pgliteWasmModule: WasmModule;
  initdbWasmModule: WasmModule;
  fsBundle: Blob;
}

let artifacts: Promise<Artifacts> | undefined;

/**
 * PGlite's files, compiled once: a thread given them starts in a fraction of the time it takes to
 * compile 9 MB of WebAssembly (the tests open hundreds of databases).
 */
function pgliteArtifacts(): Promise<Artifacts> {
  return (artifacts ??= (async () => {
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
    const read = (name: string) => readFile(new URL(name, dist));
    const [pglite, initdb, bundle] = await Promise.all([read('pglite.wasm'), read('initdb.wasm'), read('pglite.data')]);
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite), WebAssembly.compile(initdb)]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
  })());
}

type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; rawTypes: number[] }
  | { op: 'exec'; sql: string }
  | { op: 'listen'; channel: string }
  | { op: 'close' };

export type WorkerRequest = { id: number } & Request;

type PlainError = Record<string, string | number | boolean>;

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: PlainError }
  | { notify: string; payload: string }
  | { slow: SlowStatement }
  | { ready: true }
  | { failed: PlainError };

/** A statement that took longer than `slowMs`: its time and its text (cut at 500 characters, without its parameters). */
export interface SlowStatement {
  ms: number;
  statement: string;
}

/** What the server hears from the thread besides replies. */
export interface ThreadEvents {
  /** A statement slower than `slowMs`. */
  slow?(slow: SlowStatement): void;
  /** The thread ended (out of memory, a crash): every statement from now on fails with `err`. */
  lost?(err: Error): void;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle passes parsers that return the text as it is, for dates and intervals; only their types are used. */
  parsers?: Record<number, unknown>;
}

/** What a transaction's callback gets: statements sent inside the transaction. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
}

/**
 * The most heap the database's thread may take (MiB): a statement's parameters and rows live there
 * until they are copied across. It usually holds 10–35 MiB; a seed's batch of 500 real-length
 * articles with their vectors needs more than 128 (it ran out there). Its PostgreSQL memory
 * (buffers, sorts) is WebAssembly memory, outside it.
 */
export const PGLITE_THREAD_HEAP_MB = 512;

/** Its young generation (MiB): V8's default for a worker lets garbage reach tens of MiB before collecting. */
export const PGLITE_THREAD_YOUNG_MB = 8;

const WORKER = workerEntry('pgliteWorker', import.meta.url);

/** An error of the database as the driver would throw it: the message with PostgreSQL's fields. */
function databaseError(plain: PlainError): Error {
  const { message, name, ...fields } = plain;
  const err = Object.assign(new Error(String(message)), fields);
  if (name) err.name = String(name);
  return err;
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  /** Settles when the last transaction asked for has ended; statements outside it wait for it. */
  #transactions: Promise<void> | undefined;
  /** Why the thread can no longer answer, once it cannot. */
  #lost: Error | undefined;
  /** Called when no statement is left waiting or running (see idle). */
  #idleWaiters: (() => void)[] = [];
  #closing = false;

  private constructor(worker: Worker, events: ThreadEvents) {
    this.#worker = worker;
    worker.on('message', (reply: WorkerReply) => {
      if ('slow' in reply) {
        events.slow?.(reply.slow);
        return;
      }
      if ('notify' in reply) {
        for (const listener of this.#listeners.get(reply.notify) ?? []) listener(reply.payload);
        return;
      }
      if (!('id' in reply)) return;
      const call = this.#pending.get(reply.id);
      if (!call) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) for (const wake of this.#idleWaiters.splice(0)) wake();
      if (reply.ok) call.resolve(reply.result);
      else call.reject(databaseError(reply.error));
    });
    const lose = (err: Error) => {
      if (!this.#lost && !this.#closing) events.lost?.(err);
      this.#lost ??= err;
      for (const call of this.#pending.values()) call.reject(this.#lost);
      this.#pending.clear();
      for (const wake of this.#idleWaiters.splice(0)) wake();
    };
    worker.on('error', lose);
    worker.on('exit', (code) => lose(new Error(`the database thread ended (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in it. */
  static async open(options: Omit<WorkerInit, 'artifacts'>, events: ThreadEvents = {}): Promise<PgliteThread> {
    const init: WorkerInit = { ...options, artifacts: await pgliteArtifacts() };
    const worker = new Worker(WORKER[0], {
      ...WORKER[1],
      workerData: init,
      resourceLimits: { maxOldGenerationSizeMb: PGLITE_THREAD_HEAP_MB, maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_MB },
    });
    return new Promise((resolve, reject) => {
      const failed = (err: Error) => {
        void worker.terminate();
        reject(err);
      };
      const onMessage = (reply: WorkerReply) => {
        if (!('ready' in reply) && !('failed' in reply)) return;
        worker.off('message', onMessage);
        worker.off('error', failed);
        if ('ready' in reply) resolve(new PgliteThread(worker, events));
        else failed(databaseError(reply.failed));
      };
      worker.on('message', onMessage);
      worker.once('error', failed);
    });
  }

  #send(request: Request): Promise<unknown> {
    if (this.#lost) return Promise.reject(this.#lost);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    const rawTypes = Object.keys(options.parsers ?? {}).map(Number);
    return this.#send({ op: 'query', sql, params, rowMode: options.rowMode, rawTypes }) as Promise<QueryResult>;
  }

  #exec(sql: string): Promise<QueryResult[]> {
    return this.#send({ op: 'exec', sql }) as Promise<QueryResult[]>;
  }

  /** Runs `send` now, or once no transaction is open or waiting (one asked for meanwhile goes first). */
  #outsideTransactions<T>(send: () => Promise<T>): Promise<T> {
    const transactions = this.#transactions;
    return transactions ? transactions.then(() => this.#outsideTransactions(send)) : send();
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.#outsideTransactions(() => this.#query(sql, params, options));
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.#outsideTransactions(() => this.#exec(sql));
  }

  /**
   * BEGIN, the callback's statements, COMMIT (ROLLBACK when it throws), with no other statement in
   * between: transactions run one after another, and other statements wait for them.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const before = this.#transactions;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const turn = (before ?? Promise.resolve()).then(() => ended);
    this.#transactions = turn;
    void turn.then(() => {
      if (this.#transactions === turn) this.#transactions = undefined;
    });
    try {
      await before;
      await this.#exec('BEGIN');
      const tx: ThreadTransaction = { query: (s, p, o) => this.#query(s, p, o), exec: (s) => this.#exec(s) };
      try {
        const result = await callback(tx);
        await this.#exec('COMMIT');
        return result;
      } catch (err) {
        await this.#exec('ROLLBACK').catch(() => {});
        throw err;
      }
    } finally {
      end();
    }
  }

  /**
   * Resolves when no statement is waiting or running (after the request handlers of this turn of
   * the event loop have sent theirs): work in the background, such as warming a cache, goes then,
   * behind readers' requests. Under constant load it may wait long; such work must not be needed.
   */
  async idle(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#lost || (this.#pending.size === 0 && !this.#transactions)) return;
      await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
    }
  }

  /** Calls `callback` with each notification on `channel`, before the notifying statement's reply. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#outsideTransactions(() => this.#send({ op: 'listen', channel }));
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
    };
  }

  async close(): Promise<void> {
    this.#closing = true;
    if (!this.#lost) await this.#outsideTransactions(() => this.#send({ op: 'close' }));
    await this.#worker.terminate();
  }
}
