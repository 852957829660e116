// antd's Collapse (bordered, arrow at the start) without antd: panels whose header is a button that
// shows or hides its content. A panel's content is first drawn when it is first opened, then kept
// (hidden) while closed, as antd does; several panels may be open at once.
import { useId, useState, type ReactNode } from 'react';
import { RightIcon } from './icons';
import './collapse.css';

export interface PlainCollapseItem<K extends string | number = string | number> {
  key: K;
  label: ReactNode;
  children: ReactNode;
}

export function PlainCollapse<K extends string | number>({
  items,
  className,
  onChange,
}: {
  items: readonly PlainCollapseItem<K>[];
  className?: string;
  /** The keys of the open panels, after each press of a header. */
  onChange?: (open: K[]) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState<K[]>([]);
  // Panels opened at least once: their content stays in the page.
  const [seen, setSeen] = useState<K[]>([]);
  const toggle = (key: K) => {
    const next = open.includes(key) ? open.filter((k) => k !== key) : [...open, key];
    setOpen(next);
    if (!seen.includes(key)) setSeen([...seen, key]);
    onChange?.(next);
  };
  return (
    <div className={className ? `qy-ui-collapse ${className}` : 'qy-ui-collapse'}>
      {items.map((item, i) => {
        const active = open.includes(item.key);
        const panelId = `${id}-panel-${i}`;
        const drawn = active || seen.includes(item.key);
        return (
          <div key={item.key} className={`qy-ui-collapse__item${active ? ' qy-ui-collapse__item--active' : ''}`}>
            <button type="button" className="qy-ui-collapse__header" aria-expanded={active} aria-controls={drawn ? panelId : undefined} onClick={() => toggle(item.key)}>
              <span className="qy-ui-collapse__arrow">
                <RightIcon />
              </span>
              <span className="qy-ui-collapse__title">{item.label}</span>
            </button>
            {drawn && (
              <div id={panelId} className="qy-ui-collapse__content" hidden={!active}>
                <div className="qy-ui-collapse__body">{item.children}</div>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
