import { attachTermCards } from './cards';
import { entriesOf, markTerms, matcherOf, type GlossaryRow } from './marker';

const ROWS: GlossaryRow[] = [
  [1, '心力衰竭', 'heart failure', ['心衰', 'HF'], '心脏泵血或充盈功能受损的临床综合征。', 4],
  [2, '射血分数保留的心力衰竭', 'heart failure with preserved ejection fraction', ['HFpEF'], '左室射血分数≥50%的心力衰竭。', 4],
  [3, '表皮生长因子受体', 'epidermal growth factor receptor', ['EGFR'], '受体酪氨酸激酶。', 2],
  [4, '估算肾小球滤过率', 'estimated glomerular filtration rate', ['eGFR'], '估算的肾小球滤过率。', 1],
  [5, '比值比', 'odds ratio', ['OR'], '两组事件发生比值之比。', 1],
];
const entries = entriesOf(ROWS);
const matcher = matcherOf(entries)!;

function section(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}
const marked = (root: Element) => [...root.querySelectorAll('button.qy-term')].map((b) => b.textContent);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('marking terms in an article', () => {
  it('wraps the first occurrence of each term only, the longest form first', () => {
    const root = section('<p>射血分数保留的心力衰竭常见。心力衰竭患者中，心衰住院常见；HF 与 heart failure 同义。</p>');
    expect(markTerms(root, matcher)).toBe(2);
    expect(marked(root)).toEqual(['射血分数保留的心力衰竭', '心力衰竭']);
    // The text reads exactly as before.
    expect(root.textContent).toBe('射血分数保留的心力衰竭常见。心力衰竭患者中，心衰住院常见；HF 与 heart failure 同义。');
  });

  it('skips headings, links, code and citations, and marks the next occurrence in the text', () => {
    const root = section('<h2>心力衰竭</h2><p><a href="/x">心力衰竭</a><code>HF</code><sup>心衰</sup>正文中的心衰。</p>');
    markTerms(root, matcher);
    expect(marked(root)).toEqual(['心衰']);
    expect(root.querySelector('p > span.qy-term-wrap > button')?.textContent).toBe('心衰');
    expect(root.querySelector('h2')?.innerHTML).toBe('心力衰竭');
    expect(root.querySelector('a')?.innerHTML).toBe('心力衰竭');
  });

  it('matches Latin forms as whole words in their own case, and leaves out two-letter ones', () => {
    const root = section('<p>EGFRs 与 EGFR 突变；eGFR 下降；Heart failure 的 OR 为 0.8。</p>');
    markTerms(root, matcher);
    expect(marked(root)).toEqual(['EGFR', 'eGFR', 'Heart failure']);
    const ids = [...root.querySelectorAll<HTMLButtonElement>('button.qy-term')].map((b) => b.dataset.termId);
    expect(ids).toEqual(['3', '4', '1']);
  });

  it('marks a section once', () => {
    const root = section('<p>心力衰竭</p>');
    markTerms(root, matcher);
    expect(markTerms(root, matcher)).toBe(0);
    expect(root.querySelectorAll('button.qy-term')).toHaveLength(1);
  });
});

describe('the card of a term', () => {
  function setup() {
    const root = section('<p>心力衰竭与比值比。</p>');
    markTerms(root, matcher);
    const detach = attachTermCards(root, new Map(entries.map((e) => [e.id, e])));
    const [term, other] = [...root.querySelectorAll<HTMLButtonElement>('button.qy-term')];
    return { root, term: term!, other: other!, detach };
  }

  it('is a focusable button that opens its card by keyboard (Enter clicks a button) and closes on Escape', () => {
    const { term } = setup();
    term.focus();
    expect(document.activeElement).toBe(term);
    expect(term.getAttribute('aria-expanded')).toBe('false');
    term.click();
    expect(term.getAttribute('aria-expanded')).toBe('true');
    const card = document.getElementById(term.getAttribute('aria-controls')!);
    expect(card).not.toBeNull();
    expect(term.getAttribute('aria-describedby')).toBe(`${card!.id}-text`);
    expect(card!.getAttribute('role')).toBe('note');
    expect(card!.textContent).toContain('心力衰竭');
    expect(card!.textContent).toContain('英文：heart failure');
    expect(card!.textContent).toContain('缩写/同义词：心衰、HF');
    expect(card!.textContent).toContain('心脏泵血或充盈功能受损的临床综合征。');
    // What a screen reader announces: the card is named, and the term is described by its whole text.
    expect(card).toHaveAccessibleName('术语释义：心力衰竭');
    expect(term).toHaveAccessibleDescription(/^心力衰竭 英文：\s?heart failure 缩写\/同义词：\s?心衰、HF 心脏泵血或充盈功能受损的临床综合征。$/);
    term.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(term.getAttribute('aria-expanded')).toBe('false');
    expect(term.hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById(term.getAttribute('aria-controls')!)).toBeNull();
    expect(document.activeElement).toBe(term);
  });

  it('opens one card at a time; a second tap closes it; hovering shows it until the pointer leaves', () => {
    const { term, other, root } = setup();
    term.click();
    other.click();
    expect(term.getAttribute('aria-expanded')).toBe('false');
    expect(other.getAttribute('aria-expanded')).toBe('true');
    other.click();
    expect(other.getAttribute('aria-expanded')).toBe('false');
    term.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(term.getAttribute('aria-expanded')).toBe('true');
    term.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: root }));
    expect(term.getAttribute('aria-expanded')).toBe('false');
  });
});
