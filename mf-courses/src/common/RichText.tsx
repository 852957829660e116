import { RichHtml } from '@qianyan/shared';

/** Course and conference rich text (sanitised by the shared sanitiser). */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <RichHtml className={`qy-cr-html ${className}`} html={html} />;
}
