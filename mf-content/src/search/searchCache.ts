// Keeps the search page alive across a visit to a result (spec §2.1 /search, kept alive): the replies
// of the last searches and the scroll position each results page was left at, both keyed by the page's
// URL. The module lives as long as mf-content is loaded, so they survive the page (and the app)
// unmounting while a result is open in this or another app.

const MAX_REPLIES = 20;
const replies = new Map<string, unknown>();
const scrolls = new Map<string, number>();

export function cachedReply<T>(key: string): T | undefined {
  return replies.get(key) as T | undefined;
}

export function cacheReply(key: string, reply: unknown) {
  replies.delete(key);
  replies.set(key, reply);
  // Oldest first in a Map: drop beyond the limit.
  while (replies.size > MAX_REPLIES) replies.delete(replies.keys().next().value as string);
}

/** Remembers where the results page at `url` was scrolled to when it was left. */
export function rememberScroll(url: string, top = window.scrollY) {
  scrolls.set(url, top);
}

/** The remembered scroll of `url`, forgotten once read (a later fresh visit starts at the top). */
export function takeScroll(url: string): number | undefined {
  const top = scrolls.get(url);
  scrolls.delete(url);
  return top;
}

export function forgetScroll(url: string) {
  scrolls.delete(url);
}

/** For tests: starts from nothing. */
export function clearSearchCache() {
  replies.clear();
  scrolls.clear();
}
