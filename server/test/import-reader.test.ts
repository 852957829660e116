// Imported files are read in a worker thread with a heap of its own (importReader.ts): a file too
// large for that heap is refused with a message and ends only the worker; the next file is read.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportMessages as M, ImportRefused } from '../src/modules/editorial/importMessages.js';
import { createImportReader } from '../src/modules/editorial/importReader.js';

const JATS = readFileSync(new URL('./fixtures/jats/home-rehab-trial.xml', import.meta.url));

/** The fixture with its body repeated until the file is about `mb` MB. */
function largeJats(mb: number): Buffer {
  const xml = JATS.toString('utf8');
  const [from, to] = [xml.indexOf('<body>') + '<body>'.length, xml.indexOf('</body>')];
  const body = xml.slice(from, to);
  return Buffer.from(xml.slice(0, from) + body.repeat(Math.ceil((mb * 1e6) / body.length)) + xml.slice(to));
}

describe('import reader', () => {
  it('reads a file in a worker: its fields sanitised, and what it holds reported', async () => {
    const read = createImportReader();
    const jats = await read({ kind: 'jats', bytes: JATS, fillPubdate: false, fillOutlink: true });
    assert.deepEqual(Object.keys(jats.fields).sort(), ['enAbstract', 'enAuthors', 'enBody', 'enReferences', 'outlink', 'outtitle']);
    assert.match(jats.fields.outlink!, /^https:\/\/doi\.org\//);
    assert.ok(jats.summary.references > 0);
  });

  it('refuses a file too large for the worker’s heap, and reads the next one', async () => {
    const read = createImportReader(32);
    const big = read({ kind: 'jats', bytes: largeJats(3), fillPubdate: true, fillOutlink: true });
    const next = read({ kind: 'jats', bytes: JATS, fillPubdate: true, fillOutlink: true });
    await assert.rejects(big, (err: unknown) => err instanceof ImportRefused && err.message === M.fileTooLargeToRead);
    assert.equal((await next).summary.title.length > 0, true);
  });

  it('passes on a reader’s own refusal', async () => {
    const read = createImportReader();
    await assert.rejects(read({ kind: 'docx', bytes: Buffer.from('not a zip') }), (err: unknown) => err instanceof ImportRefused && err.message === M.docxNotZip);
  });
});
