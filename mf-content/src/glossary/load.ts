// The lazy part of terms you can tap (a chunk of its own, loaded after the article has rendered):
// reads the glossary once per page load (GET /api/glossary, revalidated by its entity tag), marks the
// terms of each section and opens their cards.
import { attachTermCards } from './cards';
import { entriesOf, markTerms, matcherOf, type GlossaryEntry, type GlossaryRow, type Matcher } from './marker';
import './glossary.css';

let glossary: Promise<{ matcher: Matcher | undefined; byId: Map<number, GlossaryEntry> }> | undefined;

function loadGlossary() {
  glossary ??= fetch('/api/glossary', { credentials: 'same-origin' })
    .then((res) => res.json() as Promise<{ code: number; data: { terms: GlossaryRow[] } }>)
    .then((body) => {
      if (body.code !== 0) throw new Error('glossary');
      const entries = entriesOf(body.data.terms);
      return { matcher: matcherOf(entries), byId: new Map(entries.map((e) => [e.id, e])) };
    })
    .catch((err: unknown) => {
      glossary = undefined;
      throw err;
    });
  return glossary;
}

/** Marks the terms in each of `sections` and wires their cards in `root`; returns the clean-up. */
export async function markGlossary(root: HTMLElement, sections: Element[]): Promise<() => void> {
  const { matcher, byId } = await loadGlossary();
  if (!matcher) return () => {};
  for (const section of sections) markTerms(section, matcher);
  return attachTermCards(root, byId);
}
