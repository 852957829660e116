// The card of a marked term (marker.ts): a disclosure. The term is a button (focusable; Enter or
// Space opens the card, as a tap or a click does; Escape closes it and keeps the focus on the term),
// with aria-expanded and aria-controls naming the card, and aria-describedby naming the card's text
// while open so a screen reader reads it (term, English, abbreviations, definition) after the term.
// Hovering with a mouse shows the card too, until the pointer leaves (a card opened by a tap or a
// key stays until closed).
import type { GlossaryEntry } from './marker';

export const CARD_TEXT = {
  english: '英文',
  aliases: '缩写/同义词',
  label: (term: string) => `术语释义：${term}`,
} as const;

/** The id of the card's text, which describes the term while the card is open. */
const descriptionIdOf = (button: HTMLButtonElement) => `${button.getAttribute('aria-controls')!}-text`;

function cardOf(button: HTMLButtonElement, entry: GlossaryEntry): HTMLElement {
  const doc = button.ownerDocument;
  const card = doc.createElement('span');
  card.className = 'qy-term-card';
  card.id = button.getAttribute('aria-controls')!;
  card.setAttribute('role', 'note');
  card.setAttribute('aria-label', CARD_TEXT.label(entry.term));
  // What the term is described by (aria-describedby) is the card's text, in an element of its own
  // with no name: a described element's aria-label would be read in place of its text, and a screen
  // reader would announce 术语释义：… and never the definition.
  const text = doc.createElement('span');
  text.className = 'qy-term-card-text';
  text.id = descriptionIdOf(button);
  card.append(text);
  const line = (className: string, value: string, label?: string) => {
    const el = doc.createElement('span');
    el.className = className;
    if (label) {
      const name = doc.createElement('span');
      name.className = 'qy-term-card-label';
      name.textContent = `${label}：`;
      el.append(name);
    }
    el.append(value);
    text.append(el);
  };
  line('qy-term-card-term', entry.term);
  if (entry.english) line('qy-term-card-en', entry.english, CARD_TEXT.english);
  if (entry.aliases.length) line('qy-term-card-aliases', entry.aliases.join('、'), CARD_TEXT.aliases);
  line('qy-term-card-def', entry.definition);
  return card;
}

/** The room kept between a card and the window's edges. */
const EDGE = 8;

/**
 * Moves an open card left as far as it needs to stay inside the window: it opens under its term,
 * and a term near the right edge of a phone's screen would push it past the edge (and the page
 * would scroll sideways). Set through the CSS object model, which the site's policy allows.
 */
function keepInView(card: HTMLElement) {
  const view = card.ownerDocument.documentElement.clientWidth;
  const box = card.getBoundingClientRect();
  const over = box.right - (view - EDGE);
  if (over > 0) card.style.left = `${-Math.min(over, Math.max(0, box.left - EDGE))}px`;
}

/**
 * Opens and closes the cards of the terms marked in `root`. Returns a function that removes the
 * listeners.
 */
export function attachTermCards(root: HTMLElement, entries: Map<number, GlossaryEntry>): () => void {
  const pinned = new Set<HTMLButtonElement>();
  const termOf = (target: EventTarget | null) =>
    target instanceof Element ? (target.closest('button.qy-term') as HTMLButtonElement | null) : null;

  const open = (button: HTMLButtonElement) => {
    if (button.getAttribute('aria-expanded') === 'true') return;
    const entry = entries.get(Number(button.dataset.termId));
    if (!entry) return;
    const card = cardOf(button, entry);
    button.parentElement!.append(card);
    keepInView(card);
    button.setAttribute('aria-expanded', 'true');
    button.setAttribute('aria-describedby', descriptionIdOf(button));
  };
  const close = (button: HTMLButtonElement) => {
    pinned.delete(button);
    button.parentElement?.querySelector('.qy-term-card')?.remove();
    button.setAttribute('aria-expanded', 'false');
    button.removeAttribute('aria-describedby');
  };
  const closeOthers = (keep?: HTMLButtonElement) => {
    for (const b of [...pinned]) if (b !== keep) close(b);
  };

  const onClick = (event: MouseEvent) => {
    const button = termOf(event.target);
    if (!button) {
      if (!(event.target instanceof Element && event.target.closest('.qy-term-card'))) closeOthers();
      return;
    }
    event.preventDefault();
    if (pinned.has(button)) return close(button);
    closeOthers(button);
    open(button);
    pinned.add(button);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const button = termOf(event.target) ?? [...pinned].pop();
    if (!button || button.getAttribute('aria-expanded') !== 'true') return;
    close(button);
    button.focus();
  };
  const onOver = (event: MouseEvent) => {
    const button = termOf(event.target);
    if (button) open(button);
  };
  const onOut = (event: MouseEvent) => {
    const button = termOf(event.target);
    if (!button || pinned.has(button)) return;
    const to = event.relatedTarget;
    if (to instanceof Node && button.parentElement?.contains(to)) return;
    close(button);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('mouseover', onOver);
  root.addEventListener('mouseout', onOut);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('mouseover', onOver);
    root.removeEventListener('mouseout', onOut);
  };
}
