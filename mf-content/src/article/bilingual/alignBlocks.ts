/**
 * Paragraph alignment of bilingual reading (docs/decisions.md "Bilingual reading"): the Chinese
 * and the English HTML pair by the position of their top-level blocks (paragraph, heading, list,
 * table, figure, quote, <hr>), as the translator aligns them; comments and blank text are not
 * blocks. When one side has more blocks than the other (a text not yet aligned), the extra
 * blocks stay on their own side in rows of their own, so nothing is dropped.
 */
export interface BlockPair {
  zh: string;
  en: string;
}

/** The top-level blocks of editorial HTML, each as HTML; loose text becomes a paragraph. */
export function topBlocks(html: string): string[] {
  if (!html.trim()) return [];
  const template = document.createElement('template');
  template.innerHTML = html;
  const out: string[] = [];
  let loose = '';
  const flush = () => {
    if (loose.trim()) out.push(`<p>${loose.trim()}</p>`);
    loose = '';
  };
  for (const node of Array.from(template.content.childNodes)) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      const el = node as Element;
      if (/^(a|b|strong|em|i|span|sup|sub|br|u|code|mark)$/i.test(el.tagName)) loose += el.outerHTML;
      else {
        flush();
        out.push(el.outerHTML);
      }
    } else if (node.nodeType === Node.TEXT_NODE) {
      loose += (node.textContent ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;');
    }
  }
  flush();
  return out;
}

/** The blocks of the two texts, paired by position. */
export function pairBlocks(zh: string, en: string): BlockPair[] {
  const a = topBlocks(zh);
  const b = topBlocks(en);
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => ({ zh: a[i] ?? '', en: b[i] ?? '' }));
}
