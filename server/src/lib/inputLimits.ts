/**
 * Limits on what a request may carry, checked before any route sees it (README "Input limits"):
 * JSON nesting depth, measured on the text before it is parsed, and C0 control characters in
 * strings, which PostgreSQL refuses in text (NUL) or which no field of this product takes.
 */

/** Deepest nesting of objects and arrays a JSON body may have; real bodies use 3 at most. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects/arrays deeper than `max`. One pass over the text, brackets inside
 * strings ignored; malformed text is left for JSON.parse to refuse.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/** C0 control characters other than tab, line feed and carriage return (NUL among them). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export const hasControlCharacter = (text: string) => CONTROL.test(text);

/**
 * Whether a parsed request part (body, query, params) holds a string with a control character,
 * in a value or a key. Iterative, and gives up (answering true) past `maxDepth` levels, so a
 * structure that escaped the parse-time depth check cannot exhaust the stack.
 */
export function containsControlCharacter(value: unknown, maxDepth = MAX_JSON_DEPTH + 1): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node === 'string') {
      if (CONTROL.test(node)) return true;
    } else if (typeof node === 'object' && node !== null) {
      if (depth >= maxDepth) return true;
      if (Array.isArray(node)) {
        for (const item of node) stack.push([item, depth + 1]);
      } else {
        for (const [key, item] of Object.entries(node)) {
          if (CONTROL.test(key)) return true;
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return false;
}
