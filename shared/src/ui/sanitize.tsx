/**
 * A small sanitiser for the editorial HTML every remote shows (article bodies and commentary, course
 * and conference details, the membership agreement). The HTML comes from the publisher's editors and
 * is trusted; this is defence in depth, not a general-purpose filter: it drops <script> elements,
 * inline event handlers (on* attributes) and javascript: URLs.
 */
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction', 'srcdoc']);

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  // DOMParser never runs scripts or loads resources of the document it builds.
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll('script').forEach((node) => node.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const jsUrl = URL_ATTRIBUTES.has(name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(attr.value);
      if (name.startsWith('on') || jsUrl || name === 'srcdoc') el.removeAttribute(attr.name);
    }
  });
  return doc.body.innerHTML;
}

/** True when the HTML has no visible text and no media (editors leave '<p><br></p>' behind). */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<(img|video|audio|iframe|table)\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

/** Editorial HTML, sanitised, in a <div> with the given class names. */
export function RichHtml({ html, className }: { html: string | null | undefined; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
