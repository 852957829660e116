// Replies the server put into the page for its first view (window.__QY_FIRST__: the visitor's
// answers to the page's public calls — the advert switch, the header advert, the banners; see the
// server's plugins/firstView.ts). A visitor's matching call takes its reply from here instead of the
// network, once, within the page's first moments; everything else goes to the server as usual.
import type { Envelope } from '../types';

interface FirstViewEntry {
  path: string;
  body: unknown;
  reply: Envelope<unknown>;
}

/** After this long (from the page's start) its first view is over: unused replies are dropped, not served stale. */
export const FIRST_VIEW_TTL_MS = 30_000;

declare global {
  interface Window {
    __QY_FIRST__?: FirstViewEntry[];
  }
}

/** JSON with object keys sorted, so { a, b } and { b, a } are the same call. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

let replies: Map<string, Envelope<unknown>> | null = null;

/** Milliseconds since the page started loading. */
const pageAge = () => (typeof performance !== 'undefined' ? performance.now() : 0);

function table(): Map<string, Envelope<unknown>> {
  if (!replies) {
    replies = new Map();
    const list = typeof window !== 'undefined' ? window.__QY_FIRST__ : undefined;
    if (Array.isArray(list)) {
      for (const e of list) {
        if (e && typeof e.path === 'string' && e.reply && typeof e.reply.code === 'number') replies.set(`${e.path} ${canonical(e.body)}`, e.reply);
      }
      // Read once: what the page keeps is this module's table, not the global.
      delete window.__QY_FIRST__;
    }
  }
  return replies;
}

/**
 * The page's own reply to POST `path` with `body`, if the server put one in and it was not used yet.
 * Only a visitor's call may take it (`anonymous`): a logged-in reader's replies may differ.
 */
export function takeFirstViewReply(path: string, body: unknown, anonymous: boolean): Envelope<unknown> | undefined {
  const map = table();
  if (map.size === 0) return undefined;
  if (pageAge() > FIRST_VIEW_TTL_MS) {
    map.clear();
    return undefined;
  }
  if (!anonymous) return undefined;
  const key = `${path} ${canonical(body ?? {})}`;
  const reply = map.get(key);
  if (reply) map.delete(key);
  return reply;
}

/** Tests: forget what was read, so the next call reads window.__QY_FIRST__ again. */
export function resetFirstViewForTests(): void {
  replies = null;
}
