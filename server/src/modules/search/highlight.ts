// Highlighted matches for search results (docs/decisions.md "Search"): small HTML strings in which
// the only tags are <em> around matched words and everything else is escaped. Computed in the
// application for the returned rows only.
import { htmlToText, type ParsedQuery } from './segment.js';

export interface Highlight {
  title?: string;
  intro?: string;
  snippet?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const INTRO_CHARS = 160;
const SNIPPET_CHARS = 120;
/** Characters shown before the first match in an excerpt. */
const LEAD_CHARS = 24;

/** The strings to mark for a query: each term's words (a phrase's words one by one). */
export function needlesOf(query: ParsedQuery): string[] {
  const words = query.terms.flatMap((t) => t.text.split(' ')).filter(Boolean);
  // Longest first, so a longer word wins over a shorter one it contains.
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

const WORD_CHAR = /[a-z0-9]/;

/** Match ranges [start, end) of the needles in `text` (case-insensitive), merged and in order. */
function matches(text: string, needles: string[]): [number, number][] {
  const lower = text.toLowerCase();
  // toLowerCase can change the length of a few characters; then offsets would not line up.
  if (lower.length !== text.length) return [];
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    // A Latin word matches whole words only (as indexed): "a" is not marked inside "care".
    const latin = /^[a-z0-9]/.test(needle);
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (latin && (WORD_CHAR.test(lower[at - 1] ?? '') || WORD_CHAR.test(lower[end] ?? ''))) continue;
      ranges.push([at, end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** Collapses white space (the text of HTML has a space for every tag). */
const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * `text` escaped with <em> around each match, cut to about `limit` characters around the first
 * match (with … where cut); undefined when `requireMatch` and nothing matches.
 */
export function mark(text: string, needles: string[], limit?: number, requireMatch = false): string | undefined {
  const ranges = matches(text, needles);
  if (requireMatch && ranges.length === 0) return undefined;
  let start = 0;
  let end = text.length;
  if (limit !== undefined && text.length > limit) {
    const first = ranges[0]?.[0] ?? 0;
    start = Math.max(0, Math.min(first - LEAD_CHARS, text.length - limit));
    end = Math.min(text.length, start + limit);
  }
  let out = start > 0 ? '…' : '';
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    out += `${escapeHtml(text.slice(at, a))}<em>${escapeHtml(text.slice(a, b))}</em>`;
    at = b;
  }
  out += escapeHtml(text.slice(at, end));
  if (end < text.length) out += '…';
  return out;
}

/** Whether the title or the intro holds a word of the query (then a highlight has no snippet). */
export function headMatches(query: ParsedQuery, item: { title: string; intro: string }): boolean {
  const needles = needlesOf(query);
  return matches(item.title, needles).length > 0 || matches(tidy(item.intro), needles).length > 0;
}

/**
 * The highlight of an article: its title, its intro, and when neither matched, a snippet from the
 * first other text that does. `others` must hold only text the reader may see whoever they are
 * (the caller leaves out the body and the paid part of the commentary of gated articles).
 */
export function highlightOf(
  query: ParsedQuery,
  item: { title: string; intro: string; others: { text: string; html?: boolean }[] },
): Highlight {
  const needles = needlesOf(query);
  const out: Highlight = { title: mark(item.title, needles) };
  const intro = tidy(item.intro);
  if (intro) out.intro = mark(intro, needles, INTRO_CHARS);
  if (headMatches(query, item)) return out;
  for (const other of item.others) {
    const text = tidy(other.html ? htmlToText(other.text) : other.text);
    const snippet = text && mark(text, needles, SNIPPET_CHARS, true);
    if (snippet) {
      out.snippet = snippet;
      break;
    }
  }
  return out;
}
