/**
 * A small sanitiser for the editorial HTML of courses and conferences. The HTML comes from the
 * publisher's editors and is trusted; this is defence in depth: it drops <script> elements, inline
 * event handlers (on* attributes) and javascript: URLs.
 */
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'action', 'formaction']);

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
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

export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`qy-cr-html ${className}`} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
