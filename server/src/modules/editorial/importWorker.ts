// The worker thread that reads an imported file (importReader.ts): a JATS or .docx file parsed and its
// fields sanitised here, in a heap of its own, so that a large file can fail only this thread and
// never the server serving readers under its heap limit (docs/performance.md, "Memory").
import { parentPort, workerData } from 'node:worker_threads';
import { readDocx } from './docx.js';
import { ImportMessages as M, ImportRefused } from './importMessages.js';
import { readJats } from './jats.js';
import { sanitizeDocument } from './sanitize.js';
import type { ImportJob, ImportResult } from './importReader.js';

/** UTF-8 text of an XML file, or the refusal. */
function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportRefused(M.jatsNotUtf8);
  }
}

async function read(job: ImportJob): Promise<ImportResult> {
  if (job.kind === 'jats') {
    const { title, authorLine, abstractHtml, bodyHtml, referencesHtml, pubdate, doi, authors, sections, references, tables, figures, warnings } = readJats(utf8(job.bytes));
    const fields = sanitizeDocument({
      outtitle: title,
      enAuthors: authorLine,
      enAbstract: abstractHtml,
      enBody: bodyHtml,
      enReferences: referencesHtml,
      ...(job.fillPubdate && pubdate ? { pubdate } : {}),
      ...(job.fillOutlink && doi ? { outlink: `https://doi.org/${doi}` } : {}),
    });
    return { kind: 'jats', fields, summary: { title, authors: authors.length, sections, references, tables, figures, doi, pubdate, warnings } };
  }
  const { html, ...counts } = await readDocx(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength));
  return { kind: 'docx', fields: sanitizeDocument({ content: html }), summary: counts };
}

read(workerData as ImportJob).then(
  (result) => parentPort!.postMessage({ ok: true, result }),
  (err: unknown) => {
    if (err instanceof ImportRefused) parentPort!.postMessage({ ok: false, refused: err.message });
    else throw err;
  },
);
