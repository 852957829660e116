// Toasts last 2.5 s and at most 3 show at once (spec §8). They are drawn here without antd, in the
// look of antd's message (top-centred white cards with a coloured icon, sliding in from above), so
// every page can toast without loading antd: this module is part of @qianyan/shared/core, which every
// page loads. Each toast is a live region (an alert for errors, a status otherwise) that screen
// readers announce.
import { TOAST_MAX_COUNT, TOAST_SECONDS } from './constants';

type Kind = 'success' | 'error' | 'warning' | 'info';

/** Distance of the first toast from the top of the window (antd message's `top: 72`). */
export const TOAST_TOP_PX = 72;
/** Length of the enter and leave motion (antd's slow motion duration). */
export const TOAST_MOTION_MS = 300;

// antd's filled circle icons and its status colours.
const ICONS: Record<Kind, { color: string; d: string }> = {
  success: {
    color: '#52c41a',
    d: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z',
  },
  error: {
    color: '#ff4d4f',
    d: 'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
  },
  warning: {
    color: '#faad14',
    d: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  },
  info: {
    color: '#1677ff',
    d: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm32 664c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V456c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272zm-32-344a48.01 48.01 0 010-96 48.01 48.01 0 010 96z',
  },
};

// The stylesheet is written with the first toast: no CSS loader needed by any app, nothing added to
// a page that shows none.
const STYLE = `
.qy-toasts{position:fixed;top:${TOAST_TOP_PX}px;left:0;right:0;z-index:2010;display:flex;flex-direction:column;align-items:center;pointer-events:none;
font:14px/22px -apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Helvetica Neue",Arial,sans-serif;color:rgba(0,0,0,.88)}
.qy-toast{box-sizing:border-box;max-width:calc(100vw - 32px);padding-bottom:8px;overflow:visible;animation:qy-toast-in ${TOAST_MOTION_MS}ms cubic-bezier(.08,.82,.17,1) both}
.qy-toast--leave{animation:qy-toast-out ${TOAST_MOTION_MS}ms cubic-bezier(.6,.04,.98,.34) both}
.qy-toast__card{display:inline-flex;align-items:center;gap:8px;padding:9px 12px;border-radius:8px;background:#fff;pointer-events:auto;text-align:start;
box-shadow:0 6px 16px 0 rgba(0,0,0,.08),0 3px 6px -4px rgba(0,0,0,.12),0 9px 28px 8px rgba(0,0,0,.05)}
.qy-toast__icon{flex:none;width:16px;height:16px}
@keyframes qy-toast-in{from{transform:translateY(-100%);opacity:0}to{transform:none;opacity:1}}
@keyframes qy-toast-out{from{max-height:150px}to{max-height:0;padding-bottom:0;opacity:0}}
@media (prefers-reduced-motion:reduce){.qy-toast,.qy-toast--leave{animation-duration:1ms}}
`;

const SVG_NS = 'http://www.w3.org/2000/svg';

interface Shown {
  el: HTMLElement;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The toasts on screen, oldest first (leaving ones are no longer counted). */
let shown: Shown[] = [];

function container(): HTMLElement {
  let root = document.querySelector<HTMLElement>('body > .qy-toasts');
  if (root) return root;
  if (!document.getElementById('qy-toast-style')) {
    const style = document.createElement('style');
    style.id = 'qy-toast-style';
    style.textContent = STYLE;
    document.head.append(style);
  }
  root = document.createElement('div');
  root.className = 'qy-toasts';
  document.body.append(root);
  return root;
}

/** Starts the leave motion, then takes the toast away. */
function dismiss(item: Shown) {
  clearTimeout(item.timer);
  shown = shown.filter((s) => s !== item);
  item.el.classList.add('qy-toast--leave');
  setTimeout(() => item.el.remove(), TOAST_MOTION_MS);
}

function startTimer(item: Shown) {
  clearTimeout(item.timer);
  item.timer = setTimeout(() => dismiss(item), TOAST_SECONDS * 1000);
}

function icon(kind: Kind): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'qy-toast__icon');
  svg.setAttribute('viewBox', '64 64 896 896');
  svg.setAttribute('fill', ICONS[kind].color);
  svg.setAttribute('fill-rule', 'evenodd');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', ICONS[kind].d);
  svg.append(path);
  return svg;
}

function show(kind: Kind, text: string) {
  if (typeof document === 'undefined' || !document.body) return;
  const el = document.createElement('div');
  el.className = `qy-toast qy-toast--${kind}`;
  // An error interrupts; the others wait for the reader's pause.
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const card = document.createElement('div');
  card.className = 'qy-toast__card';
  const label = document.createElement('span');
  label.textContent = text;
  card.append(icon(kind), label);
  el.append(card);

  const item: Shown = { el, timer: undefined };
  // Like antd's message, a toast under the pointer waits until the pointer leaves.
  card.addEventListener('mouseenter', () => clearTimeout(item.timer));
  card.addEventListener('mouseleave', () => startTimer(item));

  container().append(el);
  shown.push(item);
  // Beyond the limit the oldest goes at once.
  while (shown.length > TOAST_MAX_COUNT) {
    const oldest = shown.shift()!;
    clearTimeout(oldest.timer);
    oldest.el.remove();
  }
  startTimer(item);
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
};
