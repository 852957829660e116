// What a non-member sees of a commentary: the same cut as the server's (content/service.ts
// freeCommentary), so the live count under the editor is the reader's truth.

/** Any <hr>, <hr/>, <hr />, with or without attributes, in any case. */
const HR_MARKER = /<hr\b[^>]*>/i;

/** The free part: the HTML before the first <hr>; '' without the marker (the server fails closed). */
export function freePartOf(wantsay: string): string {
  const marker = HR_MARKER.exec(wantsay);
  return marker ? wantsay.slice(0, marker.index) : '';
}

/** Characters of text in HTML, whitespace not counted (a Chinese character is one). */
export function visibleChars(html: string): number {
  if (!html) return 0;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from((doc.body.textContent ?? '').replace(/\s+/g, '')).length;
}

/** How many characters of the commentary a non-member sees, or null when it has no divider. */
export function freeCharCount(wantsay: string): number | null {
  return HR_MARKER.test(wantsay) ? visibleChars(freePartOf(wantsay)) : null;
}
