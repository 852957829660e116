// Text analysis for search (docs/decisions.md "Search"), the same for the indexed text and for the
// query, so PGlite and PostgreSQL see the same lexemes (no database text-search configuration is
// involved: vectors and queries are written as tsvector and tsquery literals).
//
// - Chinese runs: every pair of neighbours (bigram) at the first character's position and the
//   run's last character, so any two-character term matches, any one character matches by prefix
//   ('癌':* finds 癌症 and a final 癌), and a longer term matches as a phrase of its bigrams
//   (心房颤动 = 心房 <-> 房颤 <-> 颤动). Every word of three or more characters of the dictionary
//   segmenter (jieba with the project's medical terms) found in the run is added at its first
//   character's position, and such a word cut from a query is searched as one lexeme.
// - Latin letters and digits: tokens such as covid-19, sglt2, hba1c, qy-217 kept whole and
//   lower-cased, and the parts of a hyphenated or dotted token (covid, 19) after it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import { serverRoot } from '../../paths.js';
import { GLOSSARY } from '../../db/seed/glossary.js';

/** tsvector weights: title A, keywords (and authors, English title) B, intro C, body and commentary D. */
export type Weight = 'A' | 'B' | 'C' | 'D';

export interface Field {
  text: string;
  weight: Weight;
  /** The text is HTML (tags, comments and entities are removed first). */
  html?: boolean;
}

/** tsvector positions run from 1 to 16383 (larger ones are stored as 16383). */
const MAX_POSITION = 16_383;
/** Longest lexeme kept (a Latin token longer than this is cut). */
const MAX_LEXEME = 60;
/** The query: characters read, and terms used. */
export const MAX_QUERY_CHARS = 100;
const MAX_TERMS = 8;

const CJK = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const CJK_RUN = new RegExp(`[${CJK}]+`, 'g');
const TOKEN = new RegExp(`([${CJK}]+)|([a-z0-9]+(?:[-.][a-z0-9]+)*)`, 'g');

interface Segmenter {
  cut(text: string, hmm?: boolean): string[];
  cutAll(text: string): string[];
}

let jieba: Segmenter | undefined;

/** The dictionary segmenter: jieba's dictionary plus the words this project adds (dictionaryWords). */
function segmenter(): Segmenter {
  if (jieba) return jieba;
  const require = createRequire(import.meta.url);
  const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(d: Uint8Array): Segmenter & { loadDict(d: Uint8Array): void } } };
  const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
  const instance = Jieba.withDict(dict);
  instance.loadDict(Buffer.from(`${dictionaryWords().map((w) => `${w} ${ADDED_WORD_FREQUENCY} n`).join('\n')}\n`));
  jieba = instance;
  return instance;
}

/** The frequency the added words get: above jieba's for the shorter words inside them, so a query keeps them whole. */
const ADDED_WORD_FREQUENCY = 20_000;

export const medicalTermsFile = () => resolve(serverRoot, 'assets/search/medical-terms.txt');

/** The words of the medical terms file (one a line, before its frequency; # lines are comments). */
export const medicalTerms = (): string[] =>
  readFileSync(medicalTermsFile(), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/)[0]!);

let added: string[] | undefined;

/**
 * The words this project adds to jieba's dictionary: the medical terms file, and every Chinese run
 * of three or more characters in a form of the shipped glossary (慢性髓系白血病, 段抬高型心肌梗死 of
 * ST段抬高型心肌梗死). A glossary search asks for every form of a term at once (synonyms.ts): as one
 * lexeme each, a form is one short posting list, where its bigrams were a phrase that thousands of
 * articles holding a neighbouring term (急性髓系白血病) had to be read to rule out. Vectors hold every
 * such word a text contains (longWords), so the rows that hold a word added here are indexed again
 * when a database first sees it (dictionary.ts, at migration).
 */
export function dictionaryWords(): string[] {
  if (added) return added;
  const words = new Set(medicalTerms());
  for (const g of GLOSSARY)
    for (const form of [g.term, ...g.aliases])
      for (const run of normalize(form).match(CJK_RUN) ?? []) if (run.length >= 3) words.add(run);
  added = [...words];
  return added;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of editorial HTML: comments and tags removed (a tag counts as a space), entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? m;
    });
}

/** Full-width letters and digits to ASCII, lower case: the form tokens are read from. */
export const normalize = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * Every dictionary word of three or more characters in a Chinese run (overlapping ones too), with
 * its offset: whatever word the segmenter cuts from a query is then found in any text containing it.
 */
function longWords(run: string): { word: string; at: number }[] {
  if (run.length < 3) return [];
  const out: { word: string; at: number }[] = [];
  // cutAll lists the words by their starting offset.
  let from = 0;
  for (const word of segmenter().cutAll(run)) {
    const at = run.indexOf(word, from);
    if (at < 0) continue;
    from = at;
    if (word.length >= 3) out.push({ word, at });
  }
  return out;
}

/** The lexemes of one field's text with their offsets from the field's first position. */
interface Analyzed {
  lexemes: string[];
  offsets: number[];
  /** Positions the text takes. */
  width: number;
}

// Field texts repeat (titles, intros, keywords, and the corpus is made of templates): the analysis
// of a short one is kept for the next row with the same text, and that of every Chinese run (a
// clause between punctuation, digits or Latin words, which repeat far more often than whole texts)
// for the next run alike. Both caches are bounded (cleared when full); a long text (an article
// body) is not kept whole, only its runs.
const ANALYZED_CACHE = 20_000;
const ANALYZED_TEXT_MAX = 2_000;
const analyzedCache = new Map<string, Analyzed>();
const RUN_CACHE = 50_000;
const runCache = new Map<string, { lexemes: string[]; offsets: number[] }>();

/** The lexemes of one Chinese run with their offsets in it (see analyze). */
function analyzeRun(run: string): { lexemes: string[]; offsets: number[] } {
  const cached = runCache.get(run);
  if (cached) return cached;
  const lexemes: string[] = [];
  const offsets: number[] = [];
  // A character is found by prefix through the bigram it starts ('癌':* matches 癌症), so only
  // the last character of a run needs a lexeme of its own (half the lexemes of unigrams).
  for (let i = 0; i + 1 < run.length; i++) {
    lexemes.push(run.slice(i, i + 2));
    offsets.push(i);
  }
  lexemes.push(run[run.length - 1]!);
  offsets.push(run.length - 1);
  for (const { word, at } of longWords(run)) {
    lexemes.push(word);
    offsets.push(at);
  }
  const out = { lexemes, offsets };
  if (runCache.size >= RUN_CACHE) runCache.clear();
  runCache.set(run, out);
  return out;
}

function analyze(text: string): Analyzed {
  const cached = analyzedCache.get(text);
  if (cached) return cached;
  const out: Analyzed = { lexemes: [], offsets: [], width: 0 };
  const add = (lexeme: string, offset: number) => {
    out.lexemes.push(lexeme);
    out.offsets.push(offset);
  };
  let position = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    if (m[1]) {
      const run = m[1];
      const { lexemes, offsets } = analyzeRun(run);
      for (let i = 0; i < lexemes.length; i++) add(lexemes[i]!, position + offsets[i]!);
      position += run.length;
    } else {
      const token = m[2]!.slice(0, MAX_LEXEME);
      add(token, position);
      partsOf(token).forEach((part, k) => add(part, position + k + 1));
      position += tokenWidth(token);
    }
    if (position > MAX_POSITION) break;
  }
  out.width = position;
  if (text.length <= ANALYZED_TEXT_MAX) {
    if (analyzedCache.size >= ANALYZED_CACHE) analyzedCache.clear();
    analyzedCache.set(text, out);
  }
  return out;
}

/** The parts of a hyphenated or dotted Latin token (covid-19: covid, 19), or none. */
const partsOf = (token: string) => {
  const parts = token.split(/[-.]/).filter(Boolean);
  return parts.length > 1 ? parts : [];
};
/** Positions a Latin token takes: itself, then its parts. */
const tokenWidth = (token: string) => 1 + partsOf(token).length;

const quote = (lexeme: string) =>
  lexeme.includes("'") || lexeme.includes('\\') ? `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'` : `'${lexeme}'`;
const WEIGHTS = 'ABCD';

/**
 * The tsvector literal of some weighted fields, e.g. `'心房':1A '房颤':2A 'sglt2':9B`. Positions
 * continue from field to field with a gap, so no phrase runs across two fields.
 */
export function toTsvector(fields: Field[]): string {
  // Lexeme → its positions with weights, each as position × 4 + weight (A 0 … D 3), e.g. '心房' →
  // [3A, 40D]: numbers, not strings, as an article body has thousands of them.
  const postings = new Map<string, number[]>();
  let position = 1;
  for (const field of fields) {
    if (position >= MAX_POSITION) break;
    const weight = WEIGHTS.indexOf(field.weight);
    const { lexemes, offsets, width } = analyze(normalize(field.html ? htmlToText(field.text) : field.text));
    for (let i = 0; i < lexemes.length; i++) {
      const entry = Math.min(position + offsets[i]!, MAX_POSITION) * 4 + weight;
      const list = postings.get(lexemes[i]!);
      // A lexeme's positions only grow (runs and fields are read in order; within a run its long
      // words come by offset), so a repeat can only be the last entry (positions capped at the end).
      if (!list) postings.set(lexemes[i]!, [entry]);
      else if (list[list.length - 1] !== entry) list.push(entry);
    }
    position += width + 2;
  }
  let out = '';
  for (const [lexeme, entries] of postings) {
    out += out ? ` ${quote(lexeme)}:` : `${quote(lexeme)}:`;
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k]!;
      out += `${k ? ',' : ''}${e >> 2}${WEIGHTS[e & 3]}`;
    }
  }
  return out;
}

/** One term of a query: the words a result must contain (a phrase when more than one lexeme). */
export interface QueryTerm {
  /** The text as written (lower-cased), for highlighting. */
  text: string;
  /** Lexemes that must follow each other (one for a single character, word or Latin token). */
  lexemes: string[];
  /** Distance from each lexeme to the next (1 = adjacent); one fewer than lexemes. */
  gaps: number[];
}

export interface ParsedQuery {
  terms: QueryTerm[];
}

// Words that carry no meaning on their own: left out of a query that has other words.
const STOP_WORDS = new Set(['的', '了', '和', '与', '及', '或', '在', '是', '对', '中', '之', '为', '等', '与其', '以及', 'the', 'of', 'and', 'in', 'a', 'an', 'to', 'for', 'or', 'on', 'with']);

/** Whether a word carries no meaning on its own (a stop word). */
export const isStopWord = (word: string) => STOP_WORDS.has(word);

/** Whether a text holds a Chinese character. */
export const hasCjk = (text: string) => new RegExp(`[${CJK}]`).test(text);

const CJK_CHAR = new RegExp(`^[${CJK}]$`);
const CJK_ONLY = new RegExp(`^[${CJK}]+$`);
/** Whether a text is Chinese characters only (one run). */
export const hasOnlyCjk = (text: string) => CJK_ONLY.test(text);
const isCjkChar = (lexeme: string) => CJK_CHAR.test(lexeme);

/**
 * The lexemes of a Chinese term: itself for one character, else a phrase that covers it: at each
 * offset the longest dictionary word of three or more characters starting there (indexed at that
 * offset wherever the text holds the term, see longWords), else the bigram. A word stands for the
 * bigrams inside it, and is far rarer than they are: the GIN index then intersects short posting
 * lists, and few articles are left to recheck for the phrase. 出血性卒中 (before it became a word of
 * its own with the glossary's forms) was 出血 <1> 血性 <1> 性卒 <1> 卒中, in 27 000 of 100 000
 * articles, each read to find no phrase; it became 出血性 <2> 性卒 <1> 卒中, and no article holds 出血性.
 */
function cjkTerm(term: string): QueryTerm {
  if (term.length === 1) return { text: term, lexemes: [term], gaps: [] };
  const longest = new Map<number, string>();
  for (const { word, at } of longWords(term)) if (word.length > (longest.get(at)?.length ?? 0)) longest.set(at, word);
  const lexemes: string[] = [];
  const offsets: number[] = [];
  for (let i = 0; i + 1 < term.length; ) {
    const word = longest.get(i);
    lexemes.push(word ?? term.slice(i, i + 2));
    offsets.push(i);
    // A word covers the bigrams that start inside it; the one starting at its last character is not.
    i += word ? word.length - 1 : 1;
  }
  return { text: term, lexemes, gaps: offsets.slice(1).map((o, k) => o - offsets[k]!) };
}

/** Width in positions of a term's text as indexed (a Chinese run: its length). */
const widthOf = (t: QueryTerm) => (/^[a-z0-9]/.test(t.text) ? tokenWidth(t.text) : t.text.length);

/**
 * Terms of a query as typed: at most MAX_QUERY_CHARS characters are read. Chinese runs are cut
 * into words by the segmenter (neighbouring single characters stay together as one phrase), text
 * in double quotes ("…" or “…”) is one phrase, and Latin tokens are single terms. Everything else
 * (tsquery or SQL syntax, punctuation) only separates words. Duplicates and stop words (when other
 * terms remain) are dropped; at most MAX_TERMS terms are kept.
 */
export function parseQuery(input: string): ParsedQuery {
  const text = normalize(input.slice(0, MAX_QUERY_CHARS));
  const terms: QueryTerm[] = [];
  const pieces: { text: string; phrase: boolean }[] = [];
  // Quoted phrases first; the rest between them is read word by word.
  const quoted = /["“”]([^"“”]*)["“”]/g;
  let last = 0;
  for (let m = quoted.exec(text); m; m = quoted.exec(text)) {
    pieces.push({ text: text.slice(last, m.index), phrase: false }, { text: m[1]!, phrase: true });
    last = m.index + m[0].length;
  }
  pieces.push({ text: text.slice(last), phrase: false });

  for (const piece of pieces) {
    const tokens: QueryTerm[] = [];
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(piece.text); m; m = TOKEN.exec(piece.text)) {
      if (m[2]) {
        const token = m[2].slice(0, MAX_LEXEME);
        tokens.push({ text: token, lexemes: [token], gaps: [] });
        continue;
      }
      const run = m[1]!;
      if (piece.phrase || run.length <= 2) {
        // A quoted run that is one dictionary word is that word's lexeme (indexed wherever the text
        // holds it, see longWords): the same matches as its bigram phrase, without a recheck.
        const words = run.length >= 3 ? segmenter().cut(run, false) : [];
        tokens.push(words.length === 1 ? { text: run, lexemes: [run], gaps: [] } : cjkTerm(run));
        continue;
      }
      // Neighbouring single characters the segmenter leaves (names, rare words) stay one phrase.
      let single = '';
      const flush = () => {
        if (single) tokens.push(cjkTerm(single));
        single = '';
      };
      for (const word of segmenter().cut(run, false)) {
        if (word.length === 1 && !STOP_WORDS.has(word)) single += word;
        else {
          flush();
          // A dictionary word of three or more characters is one lexeme (indexed by longWords): one
          // posting list, and no phrase to recheck.
          tokens.push(word.length >= 3 ? { text: word, lexemes: [word], gaps: [] } : cjkTerm(word));
        }
      }
      flush();
    }
    if (piece.phrase && tokens.length > 1) {
      // One phrase: each token's lexemes, then the distance from its first lexeme to the next token's.
      const phrase: QueryTerm = { text: tokens.map((t) => t.text).join(' '), lexemes: [], gaps: [] };
      tokens.forEach((t, k) => {
        if (k > 0) {
          const prev = tokens[k - 1]!;
          // From prev's last lexeme (at the sum of its gaps) to where the next token begins.
          phrase.gaps.push(widthOf(prev) - prev.gaps.reduce((sum, g) => sum + g, 0));
        }
        phrase.lexemes.push(...t.lexemes);
        phrase.gaps.push(...t.gaps);
      });
      terms.push(phrase);
    } else terms.push(...tokens);
  }

  const seen = new Set<string>();
  let unique = terms.filter((t) => {
    const key = t.lexemes.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const meaningful = unique.filter((t) => !STOP_WORDS.has(t.text));
  if (meaningful.length > 0) unique = meaningful;
  return { terms: unique.slice(0, MAX_TERMS) };
}

/**
 * The tsquery literal of a parsed query: every term, each a phrase of its lexemes. With `weights`
 * (e.g. 'A' or 'AB'), a lexeme only matches where it has one of those weights. '' for no terms.
 */
export function toTsquery(query: ParsedQuery, weights = ''): string {
  const suffix = weights ? `:${weights}` : '';
  return query.terms
    .map((t) => {
      // A single Chinese character matches every lexeme it starts (see analyze).
      const operand = (l: string) => quote(l) + (isCjkChar(l) ? `:*${weights}` : suffix);
      const phrase = t.lexemes.map((l, k) => (k === 0 ? '' : ` <${t.gaps[k - 1]}> `) + operand(l)).join('');
      return t.lexemes.length > 1 ? `(${phrase})` : phrase;
    })
    .join(' & ');
}
