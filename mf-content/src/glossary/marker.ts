// Terms you can tap (issue 21, item 2): the reader's side marks the glossary's terms in an article's
// rendered HTML (the stored HTML is unchanged). The first occurrence of each term in a section
// becomes a button that opens a small card (cards.ts); headings, links, code, buttons, citations and
// text already marked are skipped. Loaded after the article has rendered (useGlossaryMarks), so the
// article page's first view carries none of this.

/** A glossary term as GET /api/glossary lists it: [id, term, english, aliases, definition, classId]. */
export type GlossaryRow = [id: number, term: string, english: string, aliases: string[], definition: string, classId: number];

export interface GlossaryEntry {
  id: number;
  term: string;
  english: string;
  aliases: string[];
  definition: string;
}

export const entriesOf = (rows: GlossaryRow[]): GlossaryEntry[] =>
  rows.map(([id, term, english, aliases, definition]) => ({ id, term, english, aliases, definition }));

/** Elements whose text is never marked. */
export const SKIPPED = 'h1,h2,h3,h4,h5,h6,a,code,pre,kbd,samp,script,style,button,sup,sub,svg,math,textarea,select,.qy-term-wrap,[data-no-glossary]';

const LATIN = /[A-Za-z0-9]/;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a text is matched with: one expression of every form, and the entry of each form. */
export interface Matcher {
  pattern: RegExp;
  entryOf: Map<string, GlossaryEntry>;
}

/**
 * The forms marked in a text: the Chinese term and Chinese short forms as written, English terms and
 * abbreviations as whole words in their own case (EGFR and eGFR are different terms), an English
 * term also with a capital first letter. Forms of one or two Latin letters are left out (too many
 * ordinary words and symbols). Longest first, so 射血分数保留的心力衰竭 wins over 心力衰竭.
 */
export function matcherOf(entries: GlossaryEntry[]): Matcher | undefined {
  const entryOf = new Map<string, GlossaryEntry>();
  for (const e of entries) {
    const english = e.english ? [e.english, e.english[0]!.toUpperCase() + e.english.slice(1)] : [];
    for (const form of [e.term, ...e.aliases, ...english]) {
      const f = form.trim();
      if (!f || (/^[A-Za-z0-9]{1,2}$/.test(f)) || entryOf.has(f)) continue;
      entryOf.set(f, e);
    }
  }
  if (entryOf.size === 0) return undefined;
  const alternatives = [...entryOf.keys()]
    .sort((a, b) => b.length - a.length)
    .map((f) => `${LATIN.test(f[0]!) ? '(?<![A-Za-z0-9])' : ''}${escape(f)}${LATIN.test(f[f.length - 1]!) ? '(?![A-Za-z0-9])' : ''}`);
  return { pattern: new RegExp(alternatives.join('|'), 'g'), entryOf };
}

/** Text nodes of `root` that may be marked, in document order. */
function markableTextNodes(root: Element): Text[] {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */, {
    acceptNode: (node) => {
      const parent = node.parentElement;
      if (!parent || !node.nodeValue?.trim()) return 2; // FILTER_REJECT
      return parent.closest(SKIPPED) && root.contains(parent.closest(SKIPPED)) ? 2 : 1; // FILTER_ACCEPT
    },
  });
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  return nodes;
}

let counter = 0;

/**
 * Marks the first occurrence of each term in `root`: the text becomes
 * <span class="qy-term-wrap"><button class="qy-term" aria-expanded="false" …>text</button></span>.
 * Returns the number of terms marked. Marking a root again marks nothing more.
 */
export function markTerms(root: Element, matcher: Matcher): number {
  if (root.hasAttribute('data-glossary-marked')) return 0;
  root.setAttribute('data-glossary-marked', '');
  const seen = new Set<number>();
  let marked = 0;
  for (const node of markableTextNodes(root)) {
    const text = node.nodeValue!;
    const pieces: (string | { form: string; entry: GlossaryEntry })[] = [];
    let last = 0;
    matcher.pattern.lastIndex = 0;
    for (let m = matcher.pattern.exec(text); m; m = matcher.pattern.exec(text)) {
      const entry = matcher.entryOf.get(m[0]);
      if (!entry || seen.has(entry.id)) continue;
      seen.add(entry.id);
      pieces.push(text.slice(last, m.index), { form: m[0], entry });
      last = m.index + m[0].length;
    }
    if (last === 0) continue;
    pieces.push(text.slice(last));
    const doc = node.ownerDocument;
    const fragment = doc.createDocumentFragment();
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        if (piece) fragment.append(piece);
        continue;
      }
      const wrap = doc.createElement('span');
      wrap.className = 'qy-term-wrap';
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'qy-term';
      button.dataset.termId = String(piece.entry.id);
      button.id = `qy-term-${++counter}`;
      button.setAttribute('aria-expanded', 'false');
      button.setAttribute('aria-controls', `${button.id}-card`);
      button.textContent = piece.form;
      wrap.append(button);
      fragment.append(wrap);
      marked++;
    }
    node.replaceWith(fragment);
  }
  return marked;
}
