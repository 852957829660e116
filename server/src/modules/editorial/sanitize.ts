// The editorial HTML an editor saves, sanitised on the server (docs/decisions.md "Editorial console:
// sanitising, import, preview, weekly issues") with sanitize-html: what the reader pages render is
// kept (headings, paragraphs, lists, tables, figures and pictures, links, sup/sub, the commentary's
// free-part divider <hr>); scripts, styles, event handlers, frames, forms and javascript: or data:
// URLs are dropped. The reader pages sanitise again when they render (shared/src/ui/sanitize.tsx):
// this is the first line, so nothing hostile is ever stored.
import sanitizeHtml from 'sanitize-html';
import type { ArticleDocument, DocumentInput } from './schemas.js';

/** The document fields that hold HTML (intro, titles, authors and keywords are plain text). */
export const HTML_FIELDS = [
  'content',
  'wantsay',
  'coi',
  'aboutcontent',
  'appendix',
  'thank',
  'enAbstract',
  'enBody',
  'enReferences',
] as const satisfies readonly (keyof ArticleDocument)[];

const TEXT_TAGS = ['p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'span', 'div', 'section'];
const INLINE_TAGS = ['strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q', 'dfn', 'time'];
const LIST_TAGS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const MEDIA_TAGS = ['figure', 'figcaption', 'img', 'a', 'video', 'audio', 'source'];

/**
 * Anchors inside a document (references, figures, sections) keep their ids under a prefix of
 * their own, so an id can never shadow a name the page's scripts use (DOM clobbering).
 */
const ID_PREFIX = 'qy-';
const SAFE_ID = /^[A-Za-z][\w-]{0,63}$/;

/** Class names the reader pages style in editorial HTML. */
const ALLOWED_CLASSES = ['qy-demo-note', 'qy-ref', 'qy-fig', 'qy-table', 'qy-formula', 'qy-label'];

const withId = (attribs: sanitizeHtml.Attributes) => {
  const id = attribs.id?.trim();
  if (id === undefined) return attribs;
  const rest = { ...attribs };
  delete rest.id;
  if (!id) return rest;
  const own = id.startsWith(ID_PREFIX) ? id : `${ID_PREFIX}${id}`;
  return SAFE_ID.test(own) ? { ...rest, id: own } : rest;
};
const keepId = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({ tagName, attribs: withId(attribs) });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...INLINE_TAGS, ...LIST_TAGS, ...TABLE_TAGS, ...MEDIA_TAGS],
  allowedAttributes: {
    '*': ['id', 'class', 'lang', 'title', 'dir'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    video: ['src', 'poster', 'controls', 'preload', 'width', 'height'],
    audio: ['src', 'controls', 'preload'],
    source: ['src', 'type'],
    ol: ['start', 'type', 'reversed'],
    li: ['value'],
    th: ['colspan', 'rowspan', 'scope', 'headers'],
    td: ['colspan', 'rowspan', 'headers'],
    col: ['span'],
    colgroup: ['span'],
    time: ['datetime'],
  },
  allowedClasses: { '*': ALLOWED_CLASSES },
  // Links: the web, mail and telephone; pictures and media: the web only (no data: or blob: URLs).
  // Relative addresses (/api/static/..., #qy-ref-1, /article-info?...) are kept.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], audio: ['http', 'https'], source: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
  allowProtocolRelative: false,
  // Elements not allowed go, their text stays; these go with everything inside them.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head', 'xmp', 'noembed', 'noframes', 'plaintext'],
  // The page's own heading is the article title: an <h1> in a body becomes a section heading.
  transformTags: {
    '*': keepId,
    h1: (_tag, attribs) => keepId('h2', attribs),
    a: (tagName, attribs) => {
      const kept = withId(attribs);
      // A link opening a new tab cannot reach back into the page.
      if (kept.target !== undefined && kept.target !== '_blank') delete kept.target;
      if (kept.target === '_blank') kept.rel = 'noopener noreferrer';
      return { tagName, attribs: kept };
    },
  },
  // A picture, video or source left without an address shows nothing: it goes.
  exclusiveFilter: (frame) => ['img', 'source'].includes(frame.tag) && !frame.attribs.src,
  nestingLimit: 64,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** Editorial HTML made safe to store and render. Sanitising its own output changes nothing. */
export function sanitizeEditorialHtml(html: string): string {
  if (html === '') return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The same fields with every HTML field sanitised (the others as they were). */
export function sanitizeDocument<T extends DocumentInput>(fields: T): T {
  const out: DocumentInput = { ...fields };
  for (const field of HTML_FIELDS) {
    const value = out[field];
    if (typeof value === 'string') out[field] = sanitizeEditorialHtml(value);
  }
  return out as T;
}
