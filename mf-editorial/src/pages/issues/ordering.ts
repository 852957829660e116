// The order of a weekly issue's articles: three lists (journal 5, digest 6, animation 7) edited
// apart — moved up, down or dragged, added once, removed — and sent to the server as one list of
// ids in that order (readers' periodical pages group them by source again).
import type { IssueArticle } from '../../consoleApi';

export const SECTIONS = [
  { key: 'journal', sourceId: 5 },
  { key: 'digest', sourceId: 6 },
  { key: 'animation', sourceId: 7 },
] as const;

export type SectionKey = (typeof SECTIONS)[number]['key'];
export type Sections = Record<SectionKey, IssueArticle[]>;

/** The issue's articles in their sections, each keeping the issue's order. */
export function toSections(articles: IssueArticle[]): Sections {
  const out: Sections = { journal: [], digest: [], animation: [] };
  for (const a of articles) {
    const section = SECTIONS.find((s) => s.sourceId === a.sourceId);
    if (section) out[section.key].push(a);
  }
  return out;
}

/** The ids to save: journal articles first, then digests, then animations, each in its order. */
export function articleIds(sections: Sections): number[] {
  return SECTIONS.flatMap((s) => sections[s.key].map((a) => a.id));
}

/** `list` with the item at `from` moved to `to` (out-of-range moves leave it as it is). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** `list` with `item` at its end, unless an item with its id is there already. */
export function add<T extends { id: number }>(list: readonly T[], item: T): T[] {
  return list.some((x) => x.id === item.id) ? [...list] : [...list, item];
}

/** `list` without the item of that id. */
export function remove<T extends { id: number }>(list: readonly T[], id: number): T[] {
  return list.filter((x) => x.id !== id);
}

/** Whether two orders of ids differ. */
export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
