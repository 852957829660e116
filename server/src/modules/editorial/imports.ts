// Imports into an article's document (issue "The editorial console", item 4): a JATS XML file fills
// the English original, a Word .docx the Chinese body. The file is read whole before anything is
// written; a file refused (ImportRefused) writes nothing. What it fills is saved as one revision
// through the article's own save (sanitised, validated, based on the revision the editor had: a
// stale one is refused as any save is, and the text kept as a revision not applied). The file is
// parsed and sanitised in a worker thread of its own (importReader.ts).
import { AppError } from '../../lib/errors.js';
import { ImportMessages as M, ImportRefused } from './importMessages.js';
import { createImportReader, type JatsRead } from './importReader.js';
import { ArticleDocument, type DocumentInput, type EditorArticle } from './schemas.js';
import type { EditorialService } from './service.js';

/** Largest file each import takes. */
export const IMPORT_LIMITS = { jats: 10 * 1024 * 1024, docx: 20 * 1024 * 1024 };

export interface JatsImportSummary extends JatsRead {
  /** Document fields this import wrote. */
  filled: string[];
}

export interface DocxImportSummary {
  headings: number;
  lists: number;
  paragraphs: number;
  tables: number;
  imagesDropped: number;
  filled: string[];
  warnings: string[];
}

/** Every field within its length in the document schema, or the refusal naming the field. */
function checkLengths(fields: DocumentInput) {
  for (const [name, value] of Object.entries(fields)) {
    const rule = (ArticleDocument.properties as Record<string, { maxLength?: number; description?: string }>)[name];
    if (typeof value === 'string' && rule?.maxLength !== undefined && value.length > rule.maxLength) {
      throw new ImportRefused(M.fieldTooLong(rule.description ?? name, rule.maxLength));
    }
  }
}

/** Runs a reader; its refusal becomes the reply's 10001 with the message. */
async function refusing<T>(read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ImportRefused) throw AppError.badParameter(err.message);
    throw err;
  }
}

export type ImportService = ReturnType<typeof createImportService>;

export function createImportService(deps: { editorial: EditorialService; readFile?: ReturnType<typeof createImportReader> }) {
  const { editorial } = deps;
  const readFile = deps.readFile ?? createImportReader();

  return {
    /** Checks that the caller may edit the article, before its file is read. */
    mayImport: (memberId: number | undefined, id: number) => editorial.editableArticle(memberId, id),

    /**
     * Fills the English original from a JATS file: English title (outtitle), authors, abstract,
     * body with its figures and tables, references; and the original's publication date and
     * link (its DOI) when the document has none yet.
     */
    async jats(memberId: number | undefined, input: { id: number; baseRevision: number; file: Buffer }): Promise<{ article: EditorArticle; summary: JatsImportSummary }> {
      const current = await editorial.editableArticle(memberId, input.id);
      const read = await refusing(() =>
        readFile({ kind: 'jats', bytes: input.file, fillPubdate: current.document.pubdate === '', fillOutlink: current.document.outlink === '' }),
      );
      const { fields } = read;
      await refusing(() => checkLengths(fields));
      const article = await editorial.saveArticle(memberId, input.id, input.baseRevision, fields);
      return { article, summary: { ...read.summary, filled: Object.keys(fields) } };
    },

    /** Fills the Chinese body (content) from a Word .docx: headings, lists, tables and links kept. */
    async docx(memberId: number | undefined, input: { id: number; baseRevision: number; file: Buffer }): Promise<{ article: EditorArticle; summary: DocxImportSummary }> {
      await editorial.editableArticle(memberId, input.id);
      const read = await refusing(() => readFile({ kind: 'docx', bytes: input.file }));
      const { fields } = read;
      if ((fields.content ?? '').replace(/<[^>]*>/g, '').trim() === '') throw AppError.badParameter(M.docxEmpty);
      await refusing(() => checkLengths(fields));
      const article = await editorial.saveArticle(memberId, input.id, input.baseRevision, fields);
      return { article, summary: { ...read.summary, filled: ['content'] } };
    },
  };
}
