import { sanitizeHtml } from '@qianyan/shared';

/**
 * The highlight HTML of a search result with every tag but <em> and </em> escaped: the server escapes
 * the text and adds only <em>, so anything else that looks like a tag is shown as text, never run.
 * Entities the server wrote (&amp;, &lt;) stay as they are, so they show as the characters they stand for.
 */
export function highlightHtml(html: string): string {
  return html
    .split(/(<\/?em>)/i)
    .map((part) => (/^<\/?em>$/i.test(part) ? part.toLowerCase() : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');
}

/**
 * Highlighted text of a search result (its title, intro or snippet), passed through the shared
 * sanitiser as well; `text` (plain, escaped by React) when the reply has no highlight for it.
 */
export function Highlighted({ html, text, className }: { html?: string; text: string; className?: string }) {
  if (!html) return <span className={className}>{text}</span>;
  return <span className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(highlightHtml(html)) }} />;
}
