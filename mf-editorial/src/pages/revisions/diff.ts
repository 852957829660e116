// The readable difference between two versions of an article: each changed field of the document,
// its HTML read as text (paragraphs on lines of their own, the commentary's free-part marker shown),
// compared word by word — Chinese words by the browser's word segmenter, so a changed phrase is one
// change and not scattered characters — and long unchanged stretches shortened around the changes.
import { diffChars, diffWords, type ChangeObject } from 'diff';
import type { ArticleDocument } from '../../api';

export type PartKind = 'same' | 'ins' | 'del' | 'gap';

export interface DiffPart {
  kind: PartKind;
  text: string;
}

export interface FieldDiff {
  field: keyof ArticleDocument;
  parts: DiffPart[];
}

/** The commentary's free part ends at an <hr> (mf-content's reader pages cut there). */
export const FREE_MARK = '——以上为免费部分——';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** An article field's HTML as the text a reader reads: blocks on their own lines, tags dropped. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim();
  return html
    .replace(/<hr\b[^>]*>/gi, `\n${FREE_MARK}\n`)
    .replace(/<br\b[^>]*>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|tr|figcaption|figure|div|section|table|ul|ol)>/gi, '\n')
    .replace(/<(td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** A field's value as comparable text (ids joined, flags as 是/否). */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return String(value);
  return htmlToText(String(value));
}

const segmenter: Intl.Segmenter | undefined =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : undefined;

const toParts = (changes: ChangeObject<string>[]): DiffPart[] =>
  changes.map((c) => ({ kind: c.added ? 'ins' : c.removed ? 'del' : 'same', text: c.value }));

/** The changes from `before` to `after`, word by word (characters where no segmenter exists). */
export function diffText(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const changes = segmenter ? diffWords(before, after, { intlSegmenter: segmenter }) : diffChars(before, after);
  return merge(toParts(changes));
}

/** Joins neighbouring parts of the same kind (the segmenter may cut a change in several words). */
function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const p of parts) {
    if (!p.text) continue;
    const last = out[out.length - 1];
    if (last && last.kind === p.kind) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/**
 * Shortens unchanged text longer than 2 × `context` characters to its ends around the changes (a
 * 'gap' part stands for what was left out); a field without changes is returned as it is.
 */
export function collapse(parts: DiffPart[], context = 60): DiffPart[] {
  if (!parts.some((p) => p.kind === 'ins' || p.kind === 'del')) return parts;
  const out: DiffPart[] = [];
  parts.forEach((p, i) => {
    const chars = Array.from(p.text);
    if (p.kind !== 'same' || chars.length <= context * 2) {
      out.push(p);
      return;
    }
    const first = i === 0;
    const last = i === parts.length - 1;
    if (!first) out.push({ kind: 'same', text: chars.slice(0, context).join('') });
    out.push({ kind: 'gap', text: '…' });
    if (!last) out.push({ kind: 'same', text: chars.slice(-context).join('') });
  });
  return out;
}

/** Every field whose text differs between the two documents, in the document's order, with its changes. */
export function documentDiff(before: ArticleDocument, after: ArticleDocument, context = 60): FieldDiff[] {
  const out: FieldDiff[] = [];
  for (const field of Object.keys(after) as (keyof ArticleDocument)[]) {
    const a = fieldText(before[field]);
    const b = fieldText(after[field]);
    if (a === b) continue;
    out.push({ field, parts: collapse(diffText(a, b), context) });
  }
  return out;
}
