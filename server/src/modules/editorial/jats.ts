// A JATS XML article (the journal industry's format, as PubMed Central publishes it) read into the
// English original of an editorial document: title, authors, abstract, body sections as HTML,
// references, figures and tables. Parsed with @xmldom/xmldom, strictly: a file that is not
// well-formed XML is refused with the line and column, and DTD entities are never expanded (no
// external entities, no entity bombs). Everything made here is sanitised before it is stored.
import { DOMParser, MIME_TYPE, onErrorStopParsing, type Element, type Node } from '@xmldom/xmldom';
import { ImportMessages as M, ImportRefused } from './importMessages.js';

const XLINK = 'http://www.w3.org/1999/xlink';
const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

export interface JatsFigure {
  /** The figure's id in the file (its anchor is qy-<id>). */
  id: string;
  label: string;
  caption: string;
  /** The graphic's reference as the file gives it (a file name in PMC packages, sometimes a URL). */
  graphic: string;
  /** Whether the picture is shown: only a graphic given as an http(s) address can be; others need an upload. */
  shown: boolean;
}

export interface JatsArticle {
  title: string;
  authors: string[];
  /** The authors as one line, NEJM style: "Jane Doe, M.D., Ph.D., and John Roe, M.D." */
  authorLine: string;
  abstractHtml: string;
  bodyHtml: string;
  referencesHtml: string;
  sections: number;
  references: number;
  figures: JatsFigure[];
  tables: number;
  doi: string;
  /** YYYY-MM-DD of the first full publication date found, or ''. */
  pubdate: string;
  warnings: string[];
}

// ---- small DOM helpers ----

const isElement = (n: Node | null | undefined): n is Element => !!n && n.nodeType === ELEMENT;
const nameOf = (el: Element) => el.localName ?? el.nodeName;
const childElements = (el: Element, name?: string): Element[] => {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (isElement(n) && (name === undefined || nameOf(n) === name)) out.push(n);
  return out;
};
const child = (el: Element | undefined, name: string): Element | undefined => (el ? childElements(el, name)[0] : undefined);
/** The first descendant by path of child names (article-meta/title-group/article-title). */
const path = (el: Element | undefined, ...names: string[]): Element | undefined => names.reduce<Element | undefined>((at, name) => child(at, name), el);
const descendants = (el: Element, name: string): Element[] => Array.from(el.getElementsByTagName(name)) as Element[];
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const textOf = (el: Element | undefined): string => (el ? squash(el.textContent ?? '') : '');
const attr = (el: Element, name: string) => el.getAttribute(name) ?? '';
const href = (el: Element) => el.getAttributeNS(XLINK, 'href') ?? el.getAttribute('xlink:href') ?? el.getAttribute('href') ?? '';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const anchor = (id: string) => (id ? ` id="qy-${escapeHtml(id)}"` : '');
const isWebAddress = (url: string) => /^https?:\/\//i.test(url.trim());

// ---- parsing ----

/** Common parser messages in Chinese; anything else is quoted as the parser gives it. */
function explainParseError(message: string): string {
  const tags = /Opening and ending tag mismatch: "([^"]*)" != "([^"]*)"/.exec(message);
  if (tags) return M.jatsTagMismatch(tags[1]!, tags[2]!);
  const entity = /entity not found:\s*(&[^;\s"]*;?)/.exec(message);
  if (entity) return M.jatsUnknownEntity(entity[1]!);
  if (/missing root element/.test(message)) return M.jatsNoRoot;
  return message.replace(/^\[xmldom \w+\]\s*/, '').split('\n')[0]!.trim();
}

/** The article element of a JATS file, or the refusal saying what is wrong with it. */
function parse(xml: string): Element {
  if (xml.trim() === '') throw new ImportRefused(M.jatsEmpty);
  let doc;
  try {
    doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, MIME_TYPE.XML_APPLICATION);
  } catch (err) {
    const locator = (err as { locator?: { lineNumber?: number; columnNumber?: number } }).locator;
    const where = locator?.lineNumber ? M.jatsPosition(locator.lineNumber, locator.columnNumber ?? 0) : '';
    throw new ImportRefused(M.jatsNotXml(where, explainParseError((err as Error).message ?? String(err))));
  }
  const root = doc.documentElement;
  if (!root) throw new ImportRefused(M.jatsNoRoot);
  if (nameOf(root) !== 'article') throw new ImportRefused(M.jatsWrongRoot(nameOf(root)));
  return root;
}

// ---- inline and block content as HTML ----

interface Context {
  /** Heading level of the next section title (2 in the body, 3 in the abstract). */
  level: number;
  figures: JatsFigure[];
  tally: { tables: number };
  warnings: Set<string>;
}

const INLINE_TAGS: Record<string, string> = {
  italic: 'em',
  bold: 'strong',
  sup: 'sup',
  sub: 'sub',
  underline: 'u',
  monospace: 'code',
  strike: 's',
  'roman': '',
  sc: '',
  'named-content': '',
  'styled-content': '',
  abbrev: '',
  'inline-supplementary-material': '',
  'funding-source': '',
  'award-id': '',
  'chem-struct': '',
  'private-char': '',
};

/** Elements that are blocks inside a JATS paragraph (HTML paragraphs cannot hold them). */
const BLOCKS = new Set(['list', 'fig', 'fig-group', 'table-wrap', 'table-wrap-group', 'disp-quote', 'disp-formula', 'boxed-text', 'def-list', 'preformat', 'code', 'statement', 'speech', 'verse-group', 'p', 'sec']);

/** Elements that carry no reader text where they stand. */
const SKIPPED = new Set(['label', 'title', 'object-id', 'inline-graphic', 'graphic', 'media', 'alt-text', 'long-desc', 'permissions', 'attrib', 'fn-group', 'fn', 'supplementary-material', 'processing-meta', 'sec-meta']);

function formulaText(el: Element): string {
  const tex = descendants(el, 'tex-math')[0];
  return tex ? textOf(tex) : textOf(el);
}

function inline(node: Node, ctx: Context): string {
  if (node.nodeType === TEXT || node.nodeType === CDATA) return escapeHtml(node.nodeValue ?? '');
  if (!isElement(node)) return '';
  const name = nameOf(node);
  const inner = () => inlineChildren(node, ctx);
  if (name in INLINE_TAGS) {
    const tag = INLINE_TAGS[name]!;
    return tag ? `<${tag}>${inner()}</${tag}>` : inner();
  }
  switch (name) {
    case 'break':
      return '<br />';
    case 'xref': {
      const rid = attr(node, 'rid').split(/\s+/)[0] ?? '';
      const type = attr(node, 'ref-type');
      const text = inner();
      if (!rid || !['bibr', 'fig', 'table', 'disp-formula', 'sec', 'supplementary-material'].includes(type)) return text;
      return `<a href="#qy-${type === 'bibr' ? 'ref-' : ''}${escapeHtml(rid)}">${text}</a>`;
    }
    case 'ext-link':
    case 'uri': {
      const url = href(node) || (name === 'uri' ? textOf(node) : '');
      return url ? `<a href="${escapeHtml(url)}">${inner() || escapeHtml(url)}</a>` : inner();
    }
    case 'email': {
      const address = textOf(node);
      return `<a href="mailto:${escapeHtml(address)}">${escapeHtml(address)}</a>`;
    }
    case 'inline-formula':
      return `<span class="qy-formula">${escapeHtml(formulaText(node))}</span>`;
    case 'pub-id':
      return attr(node, 'pub-id-type') === 'doi' ? doiLink(textOf(node)) : inner();
    default:
      if (SKIPPED.has(name)) return '';
      if (BLOCKS.has(name)) return '';
      return inner();
  }
}

function inlineChildren(el: Element, ctx: Context): string {
  let out = '';
  for (let n = el.firstChild; n; n = n.nextSibling) out += inline(n, ctx);
  return out.replace(/\s+/g, ' ');
}

const doiLink = (doi: string) => `<a href="https://doi.org/${escapeHtml(doi)}">${escapeHtml(doi)}</a>`;

/** A paragraph: its inline runs as <p>, and any blocks it holds (lists, figures, tables) after them in order. */
function paragraph(el: Element, ctx: Context, tag = 'p'): string {
  let out = '';
  let run = '';
  const flush = () => {
    if (run.trim()) out += `<${tag}${anchor(attr(el, 'id'))}>${run.trim()}</${tag}>`;
    run = '';
  };
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (isElement(n) && BLOCKS.has(nameOf(n))) {
      flush();
      out += block(n, ctx);
    } else {
      run += inline(n, ctx);
    }
  }
  flush();
  return out;
}

function blocks(el: Element, ctx: Context): string {
  let out = '';
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (isElement(n)) out += block(n, ctx);
    else if (n.nodeType === TEXT && (n.nodeValue ?? '').trim()) out += `<p>${escapeHtml(squash(n.nodeValue!))}</p>`;
  }
  return out;
}

function heading(title: Element | undefined, label: Element | undefined, level: number, id = ''): string {
  const text = [label ? textOf(label) : '', title ? inlineChildren(title, { level, figures: [], tally: { tables: 0 }, warnings: new Set() }).trim() : ''].filter(Boolean).join(' ');
  const h = Math.min(level, 6);
  return text ? `<h${h}${anchor(id)}>${text}</h${h}>` : '';
}

/** A figure's or table's id, label and caption, and the caption as figcaption HTML ("<strong>Figure 1.</strong> Title. Text"). */
function captioned(el: Element, ctx: Context) {
  const id = attr(el, 'id');
  const label = textOf(child(el, 'label'));
  const caption = child(el, 'caption');
  const title = child(caption, 'title');
  const text = caption
    ? [title ? inlineChildren(title, ctx).trim() : '', ...childElements(caption, 'p').map((p) => inlineChildren(p, ctx).trim())].filter(Boolean).join(' ')
    : '';
  const labelHtml = label ? `<strong>${escapeHtml(label.replace(/[.:]?$/, '.'))}</strong> ` : '';
  return { id, label, caption, figcaption: `<figcaption>${labelHtml}${text}</figcaption>` };
}

function figure(el: Element, ctx: Context): string {
  const { id, label, caption, figcaption } = captioned(el, ctx);
  const graphicEl = descendants(el, 'graphic')[0];
  const graphic = graphicEl ? href(graphicEl) : '';
  const shown = isWebAddress(graphic);
  ctx.figures.push({ id, label, caption: textOf(caption), graphic, shown });
  const altText = textOf(descendants(el, 'alt-text')[0]) || [label, textOf(child(caption, 'title'))].filter(Boolean).join(' ');
  const img = shown ? `<img src="${escapeHtml(graphic.trim())}" alt="${escapeHtml(altText)}" />` : '';
  return `<figure class="qy-fig"${anchor(id)}>${img}${figcaption}</figure>`;
}

const TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col']);
const CELL_ATTRIBUTES = ['colspan', 'rowspan', 'scope', 'span'];

function tablePart(el: Element, ctx: Context): string {
  const name = nameOf(el);
  if (!TABLE_PARTS.has(name)) return '';
  const attrs = CELL_ATTRIBUTES.filter((a) => el.hasAttribute(a)).map((a) => ` ${a}="${escapeHtml(attr(el, a))}"`).join('');
  if (name === 'th' || name === 'td') return `<${name}${attrs}>${inlineChildren(el, ctx).trim()}</${name}>`;
  if (name === 'col') return `<col${attrs} />`;
  return `<${name}${attrs}>${childElements(el).map((c) => tablePart(c, ctx)).join('')}</${name}>`;
}

function tableWrap(el: Element, ctx: Context): string {
  ctx.tally.tables++;
  const { id, label, figcaption } = captioned(el, ctx);
  const tables = descendants(el, 'table')
    .map((t) => `<table>${childElements(t).map((c) => tablePart(c, ctx)).join('')}</table>`)
    .join('');
  if (!tables) ctx.warnings.add(M.jatsTableWithoutData(label || id));
  const foot = child(el, 'table-wrap-foot');
  const footHtml = foot ? descendants(foot, 'p').map((p) => `<p><small>${inlineChildren(p, ctx).trim()}</small></p>`).join('') : '';
  return `<figure class="qy-table"${anchor(id)}>${figcaption}${tables}${footHtml}</figure>`;
}

function list(el: Element, ctx: Context): string {
  const type = attr(el, 'list-type');
  const tag = ['order', 'ordered', 'alpha-lower', 'alpha-upper', 'roman-lower', 'roman-upper'].includes(type) ? 'ol' : 'ul';
  const items = childElements(el, 'list-item').map((item) => {
    const parts = childElements(item).filter((c) => nameOf(c) !== 'label');
    // An item of one paragraph reads as its text; anything richer keeps its blocks.
    const body = parts.length === 1 && nameOf(parts[0]!) === 'p' && !childElements(parts[0]!).some((c) => BLOCKS.has(nameOf(c))) ? inlineChildren(parts[0]!, ctx).trim() : blocks(item, ctx);
    return `<li>${body}</li>`;
  });
  return `<${tag}>${items.join('')}</${tag}>`;
}

function section(el: Element, ctx: Context): string {
  const head = heading(child(el, 'title'), child(el, 'label'), ctx.level, attr(el, 'id'));
  return head + blocks(el, { ...ctx, level: ctx.level + 1 });
}

function block(el: Element, ctx: Context): string {
  switch (nameOf(el)) {
    case 'sec':
      return section(el, ctx);
    case 'p':
      return paragraph(el, ctx);
    case 'list':
      return list(el, ctx);
    case 'fig':
      return figure(el, ctx);
    case 'fig-group':
      return childElements(el, 'fig').map((f) => figure(f, ctx)).join('');
    case 'table-wrap':
      return tableWrap(el, ctx);
    case 'table-wrap-group':
      return childElements(el, 'table-wrap').map((t) => tableWrap(t, ctx)).join('');
    case 'disp-quote':
    case 'boxed-text':
    case 'statement':
      return `<blockquote>${heading(child(el, 'title'), child(el, 'label'), ctx.level)}${blocks(el, ctx)}</blockquote>`;
    case 'disp-formula':
      return `<p class="qy-formula"${anchor(attr(el, 'id'))}>${escapeHtml(formulaText(el))}</p>`;
    case 'def-list':
      return `<dl>${childElements(el, 'def-item')
        .map((item) => `<dt>${inlineChildren(child(item, 'term') ?? item, ctx).trim()}</dt><dd>${child(item, 'def') ? blocks(child(item, 'def')!, ctx) : ''}</dd>`)
        .join('')}</dl>`;
    case 'preformat':
    case 'code':
      return `<pre>${escapeHtml(el.textContent ?? '')}</pre>`;
    case 'alternatives':
      return childElements(el)[0] ? block(childElements(el)[0]!, ctx) : '';
    case 'graphic': {
      const url = href(el);
      return isWebAddress(url) ? `<figure><img src="${escapeHtml(url)}" alt="" /></figure>` : '';
    }
    default:
      if (SKIPPED.has(nameOf(el))) return '';
      // Anything else (speech, verse, app, glossary …): its paragraphs and text.
      return paragraph(el, ctx);
  }
}

// ---- front matter and back matter ----

function personName(el: Element): string {
  if (nameOf(el) === 'name-alternatives') {
    const first = childElements(el).find((c) => ['name', 'string-name'].includes(nameOf(c)) && (!c.hasAttribute('xml:lang') || attr(c, 'xml:lang').startsWith('en')));
    return first ? personName(first) : textOf(el);
  }
  if (nameOf(el) === 'string-name') return textOf(el);
  const given = textOf(child(el, 'given-names'));
  const surname = textOf(child(el, 'surname'));
  const suffix = textOf(child(el, 'suffix'));
  const eastern = attr(el, 'name-style') === 'eastern';
  return [eastern ? surname : given, eastern ? given : surname, suffix].filter(Boolean).join(' ');
}

function authorsOf(meta: Element): string[] {
  const authors: string[] = [];
  for (const group of childElements(meta, 'contrib-group')) {
    for (const contrib of childElements(group, 'contrib')) {
      const type = attr(contrib, 'contrib-type');
      if (type && type !== 'author') continue;
      const nameEl = childElements(contrib).find((c) => ['name', 'string-name', 'name-alternatives'].includes(nameOf(c)));
      const collab = child(contrib, 'collab');
      const name = nameEl ? personName(nameEl) : collab ? textOf(collab) : '';
      if (!name) continue;
      const degrees = childElements(contrib, 'degrees').map(textOf).filter(Boolean).join(', ');
      authors.push(degrees ? `${name}, ${degrees}` : name);
    }
  }
  return authors;
}

/** NEJM style: "A", "A and B" ("A, M.D., and B, M.D." when degrees are given), "A, B, and C". */
export function authorLine(authors: string[]): string {
  if (authors.length <= 1) return authors[0] ?? '';
  const withDegrees = authors.some((a) => a.includes(','));
  if (authors.length === 2 && !withDegrees) return `${authors[0]} and ${authors[1]}`;
  return `${authors.slice(0, -1).join(', ')}, and ${authors.at(-1)}`;
}

function abstractOf(meta: Element, ctx: Context): string {
  const all = childElements(meta, 'abstract');
  const main = all.find((a) => !a.hasAttribute('abstract-type')) ?? all[0];
  if (!main) return '';
  return blocks(main, { ...ctx, level: 3 });
}

/** Initials of given names: "Maria K." → "MK"; PMC's "AB" stays. */
const initials = (given: string) =>
  /^[A-Z]{1,4}$/.test(given)
    ? given
    : given
        .split(/[\s.-]+/)
        .filter(Boolean)
        .map((part) => part[0]!.toUpperCase())
        .join('');

function citationAuthors(group: Element): string {
  const names: string[] = [];
  for (const c of childElements(group)) {
    const n = nameOf(c);
    if (n === 'name') names.push([textOf(child(c, 'surname')), initials(textOf(child(c, 'given-names')))].filter(Boolean).join(' '));
    else if (n === 'string-name' || n === 'collab') names.push(textOf(c));
    else if (n === 'etal') names.push('et al');
  }
  return names.join(', ').replace(/, et al$/, ', et al.');
}

/** One reference in the NEJM/Vancouver style from a structured (element) citation. */
function structuredCitation(cit: Element, ctx: Context): string {
  const groups = childElements(cit, 'person-group');
  const authorGroup = groups.find((g) => !g.hasAttribute('person-group-type') || attr(g, 'person-group-type') === 'author') ?? groups[0];
  const authors = authorGroup ? citationAuthors(authorGroup) : childElements(cit, 'name').length ? citationAuthors(cit) : '';
  const part = (name: string) => (child(cit, name) ? inlineChildren(child(cit, name)!, ctx).trim() : '');
  const title = part('article-title') || part('chapter-title');
  const source = part('source');
  const year = textOf(child(cit, 'year'));
  const volume = textOf(child(cit, 'volume'));
  const issue = textOf(child(cit, 'issue'));
  const fpage = textOf(child(cit, 'fpage'));
  const lpage = textOf(child(cit, 'lpage'));
  const elocation = textOf(child(cit, 'elocation-id'));
  const doi = childElements(cit, 'pub-id').find((p) => attr(p, 'pub-id-type') === 'doi');
  const pages = fpage ? (lpage ? `${fpage}-${lpage}` : fpage) : elocation;
  const sentence = (s: string) => (s ? `${s.replace(/[.?!]$/, '')}. ` : '');
  let out = sentence(authors) + sentence(title);
  if (attr(cit, 'publication-type') === 'book' || (!volume && !pages)) {
    const publisher = [textOf(child(cit, 'publisher-loc')), textOf(child(cit, 'publisher-name'))].filter(Boolean).join(': ');
    out += sentence(source) + [publisher, year].filter(Boolean).join(', ') + (publisher || year ? '.' : '');
  } else {
    out += `${source} ${year}`.trim() + (volume ? `;${volume}` : '') + (issue ? `(${issue})` : '') + (pages ? `:${pages}` : '') + '.';
  }
  if (doi) out += ` ${doiLink(textOf(doi))}`;
  return out.trim();
}

function referencesOf(back: Element | undefined, ctx: Context): { html: string; count: number } {
  if (!back) return { html: '', count: 0 };
  const refs = descendants(back, 'ref');
  const items = refs.flatMap((ref) => {
    const cit = childElements(ref).find((c) => ['mixed-citation', 'element-citation', 'nlm-citation', 'citation', 'citation-alternatives'].includes(nameOf(c)));
    const chosen = cit && nameOf(cit) === 'citation-alternatives' ? childElements(cit)[0] : cit;
    if (!chosen) {
      ctx.warnings.add(M.jatsRefWithoutCitation(attr(ref, 'id') || textOf(child(ref, 'label'))));
      return [];
    }
    const structured = nameOf(chosen) === 'element-citation' || (nameOf(chosen) === 'nlm-citation' && childElements(chosen, 'source').length > 0);
    const html = structured ? structuredCitation(chosen, ctx) : inlineChildren(chosen, ctx).trim();
    const id = attr(ref, 'id');
    return [`<li${id ? ` id="qy-ref-${escapeHtml(id)}"` : ''}>${html}</li>`];
  });
  return { html: items.length ? `<ol>${items.join('')}</ol>` : '', count: items.length };
}

function pubdateOf(meta: Element): string {
  const dates = childElements(meta, 'pub-date');
  const preferred = ['epub', 'ppub', 'pub', 'collection'];
  const ranked = [...dates].sort((a, b) => {
    const rank = (d: Element) => {
      const t = attr(d, 'pub-type') || attr(d, 'date-type');
      const i = preferred.indexOf(t);
      return i === -1 ? preferred.length : i;
    };
    return rank(a) - rank(b);
  });
  for (const d of ranked) {
    const year = textOf(child(d, 'year'));
    const month = textOf(child(d, 'month'));
    const day = textOf(child(d, 'day'));
    if (/^\d{4}$/.test(year) && /^\d{1,2}$/.test(month) && /^\d{1,2}$/.test(day)) {
      const ymd = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
      if (!Number.isNaN(Date.parse(`${ymd}T00:00:00Z`)) && new Date(`${ymd}T00:00:00Z`).toISOString().startsWith(ymd)) return ymd;
    }
  }
  return '';
}

/**
 * Reads a JATS article. Refuses (ImportRefused, a Chinese message naming the problem) a file that
 * is not well-formed XML, is not a JATS <article>, lacks its article metadata or title, or has
 * neither abstract nor body.
 */
export function readJats(xml: string): JatsArticle {
  const root = parse(xml);
  const front = child(root, 'front');
  const meta = child(front, 'article-meta');
  if (!front || !meta) throw new ImportRefused(M.jatsNoMeta);
  const titleEl = path(meta, 'title-group', 'article-title');
  const title = textOf(titleEl);
  if (!title) throw new ImportRefused(M.jatsNoTitle);
  const body = child(root, 'body');
  const hasAbstract = childElements(meta, 'abstract').some((a) => textOf(a) !== '');
  if (!hasAbstract && (!body || textOf(body) === '')) throw new ImportRefused(M.jatsNothing);

  const ctx: Context = { level: 2, figures: [], tally: { tables: 0 }, warnings: new Set() };
  const authors = authorsOf(meta);
  if (authors.length === 0) ctx.warnings.add(M.jatsNoAuthors);
  const abstractHtml = abstractOf(meta, ctx);
  let bodyHtml = body ? blocks(body, ctx) : '';
  // Figures and tables PMC keeps apart from the text, after it.
  const floats = child(root, 'floats-group');
  if (floats) bodyHtml += blocks(floats, ctx);
  const back = child(root, 'back');
  const references = referencesOf(back, ctx);
  const hidden = ctx.figures.filter((f) => !f.shown);
  if (hidden.length > 0) ctx.warnings.add(M.jatsFiguresToUpload(hidden.map((f) => f.label || f.id)));
  const doi = textOf(childElements(meta, 'article-id').find((a) => attr(a, 'pub-id-type') === 'doi'));
  return {
    title,
    authors,
    authorLine: authorLine(authors),
    abstractHtml,
    bodyHtml,
    referencesHtml: references.html,
    sections: body ? childElements(body, 'sec').length : 0,
    references: references.count,
    figures: ctx.figures,
    tables: ctx.tally.tables,
    doi,
    pubdate: pubdateOf(meta),
    warnings: [...ctx.warnings],
  };
}
