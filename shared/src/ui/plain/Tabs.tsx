// antd's line Tabs (top, default size) without antd: a tablist whose selected tab is underlined by
// the sliding ink bar. The tabs follow the WAI-ARIA pattern: one tab in the tab order, the arrow keys,
// Home and End move between them and select. The panel is the caller's (PlainTabPanel), so the tabs
// can sit in a bar of their own above it.
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './antdText.css';
import './tabs.css';

export interface PlainTabItem<K extends string = string> {
  key: K;
  label: ReactNode;
}

const tabId = (id: string, key: string) => `${id}-tab-${key}`;
const panelId = (id: string, key: string) => `${id}-panel-${key}`;

export function PlainTabs<K extends string>({
  id,
  items,
  activeKey,
  onChange,
  size = 'middle',
  className,
  'aria-label': ariaLabel,
}: {
  /** Prefix of the tabs' and panel's ids (unique on the page). */
  id: string;
  items: readonly PlainTabItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  /** `large`: a page's tab bar (16 px, the selected tab bold; 15 px on phones). */
  size?: 'middle' | 'large';
  className?: string;
  'aria-label'?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [ink, setInk] = useState<{ left: number; width: number } | null>(null);

  // The ink bar follows the selected tab, and its width (a web font arriving, a resize).
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return undefined;
    const measure = () => setInk({ left: tab.offsetLeft, width: tab.offsetWidth });
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(tab);
    return () => observer.disconnect();
  }, [activeKey, items]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((t) => t.key === activeKey);
    let next = -1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const key = items[next].key;
    if (key !== activeKey) onChange(key);
    document.getElementById(tabId(id, key))?.focus();
  };

  return (
    <div className={['qy-ui-tabs', size === 'large' && 'qy-ui-tabs--large', className].filter(Boolean).join(' ')}>
      <div ref={listRef} className="qy-ui-tabs__list" role="tablist" aria-orientation="horizontal" aria-label={ariaLabel} onKeyDown={onKeyDown}>
        {items.map((t) => {
          const selected = t.key === activeKey;
          return (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={tabId(id, t.key)}
              aria-selected={selected}
              aria-controls={panelId(id, t.key)}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'qy-ui-tabs__tab is-active' : 'qy-ui-tabs__tab'}
              onClick={() => {
                if (!selected) onChange(t.key);
              }}
            >
              {t.label}
            </button>
          );
        })}
        <span
          className="qy-ui-tabs__ink"
          aria-hidden="true"
          style={ink ? { left: ink.left, width: ink.width } : { visibility: 'hidden' }}
        />
      </div>
    </div>
  );
}

/** The panel of the selected tab of PlainTabs `id`. */
export function PlainTabPanel({ id, activeKey, className, children }: { id: string; activeKey: string; className?: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(id, activeKey)} aria-labelledby={tabId(id, activeKey)} className={className}>
      {children}
    </div>
  );
}
