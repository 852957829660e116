// Reading an imported file off the request thread (imports.ts): a JATS file of 10 MB holds about
// 300 MiB of heap while it is parsed, a .docx about 19 MiB for each MB of its document part, more than
// the server keeps free under its heap limit at 100 000 articles (docs/performance.md, "Memory"). Each
// file is read in a worker thread with a heap of its own, one file at a time: a file too large for it
// ends that worker with the refusal below, and the server goes on serving.
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../lib/workerEntry.js';
import type { DocxBody } from './docx.js';
import { ImportMessages as M, ImportRefused } from './importMessages.js';
import type { JatsFigure } from './jats.js';
import type { DocumentInput } from './schemas.js';

/** The heap a worker may use to read one file (MiB): a 10 MB JATS file needs about 300. */
export const IMPORT_HEAP_MB = 512;

export type ImportJob =
  | { kind: 'jats'; bytes: Uint8Array; fillPubdate: boolean; fillOutlink: boolean }
  | { kind: 'docx'; bytes: Uint8Array };

export interface JatsRead {
  title: string;
  authors: number;
  sections: number;
  references: number;
  tables: number;
  figures: JatsFigure[];
  doi: string;
  pubdate: string;
  warnings: string[];
}

/** What the worker sends back: the document fields (sanitised) and what the import reports. */
export type ImportResult =
  | { kind: 'jats'; fields: DocumentInput; summary: JatsRead }
  | { kind: 'docx'; fields: DocumentInput; summary: Omit<DocxBody, 'html'> };

type Reply = { ok: true; result: ImportResult } | { ok: false; refused: string };

const WORKER = workerEntry('importWorker', import.meta.url);

function readInWorker(job: ImportJob, heapMb: number): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER[0], { ...WORKER[1], workerData: job, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.once('message', (reply: Reply) => settle(() => (reply.ok ? resolve(reply.result) : reject(new ImportRefused(reply.refused)))));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportRefused(M.fileTooLargeToRead) : err)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the import worker exited with ${code} before replying`))));
  });
}

/** Reads files one at a time (each in its own worker); `heapMb` for tests. */
export function createImportReader(heapMb = IMPORT_HEAP_MB) {
  let queue: Promise<unknown> = Promise.resolve();
  return <K extends ImportJob['kind']>(job: Extract<ImportJob, { kind: K }>): Promise<Extract<ImportResult, { kind: K }>> => {
    const run = queue.then(() => readInWorker(job, heapMb) as Promise<Extract<ImportResult, { kind: K }>>);
    queue = run.catch(() => undefined);
    return run;
  };
}
