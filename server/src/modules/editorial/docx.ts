// A Word .docx translation read into the Chinese body with mammoth: headings (Word's 标题 1–6 and
// Title styles) become section headings, numbered and bulleted lists stay lists, tables and links
// are kept. Pictures are not carried over (they are to be uploaded as media); the editor is told
// how many. Before mammoth opens it, the file's zip directory is read here: an old .doc, a file
// that is not a zip, a zip without a Word body, or one that would unpack past the limit is refused
// with what is wrong. mammoth never reads files outside the document (externalFileAccess off).
import mammoth from 'mammoth';
import { ImportMessages as M, ImportRefused } from './importMessages.js';

/** The most a .docx may unpack to (its body, styles, numbering …; pictures count too). */
export const DOCX_UNPACKED_LIMIT = 200 * 1024 * 1024;

const STYLE_MAP = [
  // The page's title is the article's: Word's levels start at the section heading.
  "p[style-name='Title'] => h2:fresh",
  "p[style-name='Subtitle'] => h3:fresh",
  ...[1, 2, 3, 4, 5, 6].flatMap((level) => {
    const tag = `h${Math.min(level + 1, 6)}`;
    return [`p[style-name='heading ${level}'] => ${tag}:fresh`, `p[style-name='Heading ${level}'] => ${tag}:fresh`, `p[style-name='标题 ${level}'] => ${tag}:fresh`];
  }),
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  "r[style-name='Strong'] => strong",
];

export interface DocxBody {
  html: string;
  headings: number;
  lists: number;
  paragraphs: number;
  tables: number;
  imagesDropped: number;
  warnings: string[];
}

interface ZipEntry {
  name: string;
  unpacked: number;
}

/** The entries of a zip's central directory (names and unpacked sizes), or null when it is not a zip. */
function zipEntries(bytes: Buffer): ZipEntry[] | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  // The end record is in the last 22 bytes plus at most a 64 KB comment.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const unpacked = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    // ZIP64 sizes (0xFFFFFFFF) are far past any Word document's: counted as the limit.
    entries.push({ name, unpacked: unpacked === 0xffffffff ? DOCX_UNPACKED_LIMIT + 1 : unpacked });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;

/** Reads a .docx into HTML (not yet sanitised), or refuses it with a message naming what is wrong. */
export async function readDocx(bytes: Buffer): Promise<DocxBody> {
  // An OLE compound file: Word 97–2003.
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0 && bytes.readUInt32BE(4) === 0xa1b11ae1) throw new ImportRefused(M.docxOldFormat);
  const entries = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50 ? zipEntries(bytes) : null;
  if (!entries) throw new ImportRefused(M.docxNotZip);
  if (!entries.some((e) => e.name === 'word/document.xml')) throw new ImportRefused(M.docxNoDocument);
  if (entries.reduce((sum, e) => sum + e.unpacked, 0) > DOCX_UNPACKED_LIMIT) throw new ImportRefused(M.docxTooLarge(DOCX_UNPACKED_LIMIT));

  let imagesDropped = 0;
  let result;
  try {
    result = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        styleMap: STYLE_MAP,
        ignoreEmptyParagraphs: true,
        externalFileAccess: false,
        // Pictures are media to upload, not data: addresses in the body: left without a source,
        // the sanitiser drops them.
        convertImage: mammoth.images.imgElement(async () => {
          imagesDropped++;
          return { src: '' };
        }),
      },
    );
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new ImportRefused(M.docxBroken(why.split('\n')[0]!.replace(/^(error:\s*)?\[xmldom \w+\]\s*/i, '').slice(0, 200)));
  }
  // The pictures go, and the paragraphs that held nothing else.
  const html = result.value.replace(/<img[^>]*>/g, '').replace(/<p>\s*<\/p>/g, '');
  const text = html.replace(/<[^>]*>/g, '').trim();
  if (text === '') throw new ImportRefused(M.docxEmpty);
  const warnings: string[] = [];
  if (imagesDropped > 0) warnings.push(M.docxImagesDropped(imagesDropped));
  const styles = [
    ...new Set(
      result.messages
        .map((m) => /Unrecognised (?:paragraph|run) style: '([^']*)'/.exec(m.message)?.[1])
        .filter((s): s is string => !!s),
    ),
  ];
  if (styles.length > 0) warnings.push(M.docxUnknownStyles(styles));
  return {
    html,
    headings: count(html, /<h[2-6][\s>]/g),
    lists: count(html, /<(ol|ul)[\s>]/g),
    paragraphs: count(html, /<p[\s>]/g),
    tables: count(html, /<table[\s>]/g),
    imagesDropped,
    warnings,
  };
}
