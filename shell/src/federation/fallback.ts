// The in-page message for a remote that failed to load, as single-spa lifecycles in plain DOM
// (no React needed, so it works even when the failure is about shared libraries). It imports no
// shared module: the runtime plugin that uses it loads before shared libraries are negotiated.

export const REMOTE_FAILED_TITLE = '页面模块加载失败';
export const REMOTE_FAILED_TEXT = '网络繁忙，请稍后！该栏目暂时无法加载，页头、页脚与登录仍可正常使用。';
export const RETRY_LABEL = '重新加载';

type Listener = (remote: string) => void;
const retryListeners = new Set<Listener>();

/** The shell listens here: it re-reads the remote's manifest URL and reloads the app. */
export function onRetry(listener: Listener) {
  retryListeners.add(listener);
}

/** True for the lifecycles of the in-page message that stands in for a remote that failed to load. */
export function isRemoteFallback(mod: unknown): boolean {
  return typeof mod === 'object' && mod !== null && (mod as { remoteFailed?: unknown }).remoteFailed === true;
}

export function remoteFallbackLifecycles(remote: string, error?: unknown) {
  let container: HTMLElement | null = null;
  const appName = remote.replace(/_/g, '-');
  if (error) console.error(`[qy] remote ${remote} failed to load`, error);
  const render = (domElement: HTMLElement) => {
    container = document.createElement('section');
    container.setAttribute('role', 'alert');
    container.className = 'qy-remote-fallback';
    container.style.cssText =
      'max-width:640px;margin:64px auto;padding:32px;background:#fff;border:1px solid #f0d0d3;border-radius:8px;text-align:center';
    const h = document.createElement('h2');
    h.textContent = REMOTE_FAILED_TITLE;
    h.style.cssText = 'margin:0 0 12px;font-size:20px;color:#1f2329';
    const p = document.createElement('p');
    p.textContent = REMOTE_FAILED_TEXT;
    p.style.cssText = 'margin:0 0 20px;color:#4e5969;line-height:1.6';
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.textContent = RETRY_LABEL;
    btn.style.cssText =
      'padding:8px 24px;border:0;border-radius:4px;background:#b3202b;color:#fff;font-size:15px;cursor:pointer';
    btn.addEventListener('click', () => {
      retryListeners.forEach((l) => l(appName));
    });
    container.append(h, p, btn);
    domElement.appendChild(container);
  };
  return {
    /** Marks the stand-in, so the shell knows the remote did not load (and may try once more). */
    remoteFailed: true as const,
    bootstrap: async () => {},
    mount: async (props: object) => {
      const { domElement } = props as { domElement?: HTMLElement };
      render(domElement ?? (document.getElementById('qy-main') as HTMLElement));
    },
    unmount: async () => {
      container?.remove();
      container = null;
    },
  };
}
