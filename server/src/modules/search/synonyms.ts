// Synonyms and abbreviations from the medical glossary in search (issue 21, item 3; docs/decisions.md
// "Search synonyms"). Every form of a glossary term (the Chinese term, the English term, each
// abbreviation or synonym) names the same thing: 心衰 = 心力衰竭 = heart failure = HF. A query that
// contains a form is searched for the query as typed OR with that form replaced by any form of its
// term; the search service ranks what only a replacement found below everything the query as typed
// found. A misspelled English query gets the nearest English term or abbreviation as "did you mean".
import { hasCjk, isStopWord, MAX_QUERY_CHARS, normalize, parseQuery, toTsquery, type ParsedQuery } from './segment.js';

/** What a glossary term gives search: its forms as written. */
export interface SynonymTerm {
  term: string;
  english: string;
  aliases: string[];
}

/** A form found in a query: where, and every form of the term(s) it names. */
interface Span {
  start: number;
  end: number;
  forms: string[];
}

export interface Expansion {
  /** The forms found in the query (normalised), each with the forms it stands for. */
  spans: { form: string; forms: string[] }[];
  /** The tsquery of the query with every found form replaced by any of its term's forms. */
  all: string;
  /** The same, matching only the title, keywords and intro (weights A to C). */
  abc: string;
  /** The query's terms plus the replacement forms: what a highlight marks. */
  highlight: ParsedQuery;
}

const LATIN_EDGE = /[a-z0-9]/;

/** Whether text[at] is a hyphen or dot that joins a Latin token on (the side `step` points to, as segment.ts reads covid-19). */
const joinsLatin = (text: string, at: number, step: 1 | -1) =>
  (text[at] === '-' || text[at] === '.') && LATIN_EDGE.test(text[at + step] ?? '');

/**
 * English words that are also abbreviations of the glossary (OR odds ratio, AS aortic stenosis):
 * written in lower case in a query they are the word, and only in capitals the abbreviation.
 */
const ENGLISH_WORDS = new Set(['am', 'an', 'as', 'at', 'be', 'by', 'do', 'he', 'if', 'in', 'is', 'it', 'me', 'my', 'no', 'of', 'on', 'or', 'so', 'to', 'up', 'us', 'we']);

/** The tsquery of one form as a phrase (weights as toTsquery), '' when it has no words. */
const formQuery = (form: string, weights: string) => toTsquery(parseQuery(`"${form.replace(/["“”]/g, ' ')}"`), weights);

/** Edit distance with adjacent transpositions (optimal string alignment), stopping above `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The edits a misspelling of `length` characters may have and still be corrected. */
const allowedEdits = (length: number) => (length < 4 ? 0 : length < 6 ? 1 : length < 12 ? 2 : 3);

/**
 * The glossary's forms, ready for queries. Built once per glossary state (the glossary store keeps
 * it per content version, which every glossary change raises).
 */
export class SynonymIndex {
  /** Normalised form → every form (as written) of the terms it names. */
  private readonly groups = new Map<string, string[]>();
  /** Normalised forms, longest first (a longer form wins over one it contains). */
  private readonly forms: string[];
  /** Latin-only forms (English terms and abbreviations), normalised → as written, for did-you-mean. */
  private readonly latin = new Map<string, string>();

  constructor(terms: SynonymTerm[]) {
    for (const t of terms) {
      const written = [...new Set([t.term, t.english, ...t.aliases].map((f) => f.trim()).filter(Boolean))];
      for (const form of written) {
        const key = normalize(form);
        // A form two terms share (EGFR and eGFR read alike) stands for the forms of both.
        const group = this.groups.get(key);
        this.groups.set(key, group ? [...new Set([...group, ...written])] : written);
        if (!hasCjk(key) && /[a-z]/.test(key) && !this.latin.has(key)) this.latin.set(key, form);
      }
    }
    this.forms = [...this.groups.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  }

  get size() {
    return this.groups.size;
  }

  /**
   * The forms of the glossary found in a query, longest first, not overlapping; none inside double
   * quotes (a quoted phrase asks for exactly those words).
   */
  private spansOf(text: string, raw: string): Span[] {
    const taken = new Uint8Array(text.length);
    for (const m of text.matchAll(/["“”][^"“”]*["“”]/g)) taken.fill(1, m.index, m.index + m[0].length);
    const spans: Span[] = [];
    for (const form of this.forms) {
      if (form.length > text.length) continue;
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
        const end = at + form.length;
        // A form with a Latin letter or digit at an edge matches whole words only there ("as" is not
        // in "gas"), a word being what the segmenter keeps whole: PD is not in PD-1, nor in 1.pd.
        if (LATIN_EDGE.test(form[0]!) && (LATIN_EDGE.test(text[at - 1] ?? '') || joinsLatin(text, at - 1, -1))) continue;
        if (LATIN_EDGE.test(form[form.length - 1]!) && (LATIN_EDGE.test(text[end] ?? '') || joinsLatin(text, end, 1))) continue;
        if (ENGLISH_WORDS.has(form) && raw.slice(at, end) !== form.toUpperCase()) continue;
        if (taken.subarray(at, end).some((x) => x)) continue;
        taken.fill(1, at, end);
        spans.push({ start: at, end, forms: this.groups.get(form)! });
      }
    }
    return spans.sort((a, b) => a.start - b.start);
  }

  /**
   * The expansion of a query, or undefined when it names no glossary term (then it is searched as
   * typed only). The query is read as parseQuery reads it (its first MAX_QUERY_CHARS characters).
   */
  expand(query: string): Expansion | undefined {
    const raw = query.slice(0, MAX_QUERY_CHARS).normalize('NFKC');
    const text = normalize(raw);
    const spans = this.spansOf(text, raw.length === text.length ? raw : text.toUpperCase());
    if (spans.length === 0) return undefined;
    let rest = '';
    let last = 0;
    for (const s of spans) {
      rest += `${text.slice(last, s.start)} `;
      last = s.end;
    }
    rest += text.slice(last);
    const restQuery: ParsedQuery = { terms: parseQuery(rest).terms.filter((t) => !isStopWord(t.text)) };
    const build = (weights: string) => {
      const parts = restQuery.terms.length ? [toTsquery(restQuery, weights)] : [];
      for (const s of spans) {
        const alternatives = [...new Set(s.forms.map((f) => formQuery(f, weights)).filter(Boolean))];
        if (alternatives.length) parts.push(`(${alternatives.map((a) => `(${a})`).join(' | ')})`);
      }
      return parts.join(' & ');
    };
    const all = build('');
    if (!all) return undefined;
    const highlightTerms = [...parseQuery(query).terms];
    for (const s of spans) for (const f of s.forms) highlightTerms.push(...parseQuery(`"${f.replace(/["“”]/g, ' ')}"`).terms);
    return {
      spans: spans.map((s) => ({ form: text.slice(s.start, s.end), forms: s.forms })),
      all,
      abc: build('ABC'),
      highlight: { terms: highlightTerms },
    };
  }

  /**
   * "Did you mean": for a query in Latin letters that is not a glossary form, the English term or
   * abbreviation nearest to it (edit distance, at most 1 for 4–5 letters, 2 up to 11, 3 beyond),
   * as written in the glossary; undefined when none is that near or the query is already a form.
   */
  suggest(query: string): string | undefined {
    const text = normalize(query.slice(0, MAX_QUERY_CHARS)).replace(/[^a-z0-9\s'-]+/g, ' ').replace(/\s+/g, ' ').trim();
    if (!text || hasCjk(query) || !/[a-z]/.test(text) || this.groups.has(text)) return undefined;
    const max = allowedEdits(text.length);
    if (max === 0) return undefined;
    let best: { form: string; distance: number } | undefined;
    for (const [key, form] of this.latin) {
      if (key.length < 4) continue;
      const distance = editDistance(text, key, best ? Math.min(best.distance, max) : max);
      if (distance > max || distance === 0) continue;
      if (!best || distance < best.distance) best = { form, distance };
    }
    return best?.form;
  }
}
