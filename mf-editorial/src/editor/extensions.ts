// The rich-text schema of the console's editors: what the reader pages render and the server's
// sanitiser keeps (server editorial/sanitize.ts): headings, paragraphs, lists, quotes, tables,
// figures with pictures and captions, links, sup/sub; ids and classes kept (citations link to
// qy- ids). The commentary swaps the plain rule for its free-part divider.
import { Extension, Node, type AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { ED_MSG } from '../messages';
import { FreeDivider } from './freeDivider';

/** A picture the site's pages can show: the Content-Security-Policy loads pictures of this site only (img-src 'self', data:, blob:). */
export function isSitePicture(src: string, base = typeof location === 'undefined' ? 'http://site.invalid/' : location.href): boolean {
  try {
    const url = new URL(src, base);
    return url.origin === new URL(base).origin || url.protocol === 'data:' || url.protocol === 'blob:';
  } catch {
    return false;
  }
}

/**
 * A picture in the editor. One on another host (a JATS file's figure address) is shown as a note
 * with its address instead of being fetched: the reader pages do not load it either, so the editor
 * sees that it is to be uploaded. The HTML keeps the <img> as it was.
 */
const SitePicture = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const src = String(node.attrs.src ?? '');
      if (isSitePicture(src)) {
        const img = document.createElement('img');
        img.src = src;
        if (node.attrs.alt) img.alt = String(node.attrs.alt);
        return { dom: img };
      }
      const note = document.createElement('div');
      note.className = 'qy-ed-picture-elsewhere';
      note.textContent = ED_MSG.pictureElsewhere(src);
      return { dom: note };
    };
  },
});

/** <figure>: a picture or table with its caption (JATS imports write them). */
const Figure = Node.create({
  name: 'figure',
  group: 'block',
  content: 'block+',
  defining: true,
  parseHTML: () => [{ tag: 'figure' }],
  renderHTML: ({ HTMLAttributes }) => ['figure', HTMLAttributes, 0],
});

const Figcaption = Node.create({
  name: 'figcaption',
  group: 'block',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'figcaption' }],
  renderHTML: ({ HTMLAttributes }) => ['figcaption', HTMLAttributes, 0],
});

const KEPT_ON = ['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'table', 'tableRow', 'tableCell', 'tableHeader', 'image', 'figure', 'figcaption'];

/** Keeps id and class of the blocks (anchors of references, the reader pages' classes). */
const KeptAttributes = Extension.create({
  name: 'keptAttributes',
  addGlobalAttributes() {
    return [
      {
        types: KEPT_ON,
        attributes: {
          id: { default: null, parseHTML: (el) => el.getAttribute('id'), renderHTML: (a) => (a.id ? { id: a.id } : {}) },
          class: { default: null, parseHTML: (el) => el.getAttribute('class'), renderHTML: (a) => (a.class ? { class: a.class } : {}) },
        },
      },
    ];
  },
});

export interface SchemaOptions {
  /** The commentary: its <hr> is the free-part divider. */
  freeDivider?: boolean;
}

export function editorExtensions({ freeDivider = false }: SchemaOptions = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4, 5, 6] },
      horizontalRule: freeDivider ? false : undefined,
      link: { openOnClick: false, autolink: true, HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } },
    }),
    Subscript,
    Superscript,
    SitePicture.configure({ inline: false }),
    TableKit.configure({ table: { resizable: false } }),
    Figure,
    Figcaption,
    KeptAttributes,
    ...(freeDivider ? [FreeDivider] : []),
  ];
}
