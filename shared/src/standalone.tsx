// @qianyan/shared/standalone: a remote running without the shell (npm run dev -w <remote>), on its
// own dev server, against the local API (the dev server proxies /api). The shell's parts a page
// leans on are stood in for by the smallest thing that works: a login form for the shell's login
// dialog, and a loader for the widgets other remotes expose (read from the other dev servers).
// Only standalone entries import this; it is never part of an exposed module.
import {
  closeDialog,
  loginWithPassword,
  logout,
  notifyLoggedIn,
  registerRemoteLoader,
  useDialog,
  useSession,
} from '@qianyan/shared/core';
import { useState, type ComponentType, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './ui/AppProviders';

export const STANDALONE_TEXT = {
  bar: '独立运行',
  visitor: '未登录',
  login: '登录',
  logout: '退出',
  account: '账号',
  password: '密码',
  cancel: '取消',
} as const;

/**
 * Widgets exposed by another remote (mf_payment/SubscriptionPanel, mf_courses/EditingClassBlock)
 * load from that remote's dev server, as the dev servers' /remotes.json names them. A remote whose
 * dev server is not running fails the load, and the widget shows its own retryable message.
 */
export function registerDevRemotes(self: string, fetchMap: () => Promise<Record<string, string>> = fetchDevMap): Promise<void> {
  // A development build carries the federation runtime in each remote; a production one uses the
  // shell's (and its standalone page does not run), so there the import is left out of the build,
  // which keeps the runtime's code out of the remote's remoteEntry.js.
  const runtime =
    process.env.NODE_ENV === 'production'
      ? Promise.reject(new Error('a production build runs inside the shell only'))
      : import('@module-federation/enhanced/runtime');
  const ready = Promise.all([fetchMap(), runtime]).then(
    ([map, { registerRemotes }]) =>
      registerRemotes(
        Object.entries(map)
          .filter(([name]) => name !== self)
          // The runtime is built without manifest support: it is given the container beside the manifest.
          .map(([name, url]) => ({ name: name.replace(/-/g, '_'), entry: url.replace(/mf-manifest\.json$/, 'remoteEntry.js') })),
      ),
    (err: unknown) => console.warn('[qy] standalone: no /remotes.json from the dev server; widgets of other remotes will not load', err),
  );
  registerRemoteLoader(async <T,>(id: string) => {
    await ready;
    const mod = await (await runtime).loadRemote<T>(id);
    if (!mod) throw new Error(`empty module ${id}`);
    return mod;
  });
  return ready;
}

async function fetchDevMap(): Promise<Record<string, string>> {
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`/remotes.json: HTTP ${res.status}`);
  return (await res.json()) as Record<string, string>;
}

/** The bar above the app: who is logged in, and a login form when a page asks for the login dialog. */
export function StandaloneBar({ name }: { name: string }) {
  const { user, loggedIn } = useSession();
  const dialog = useDialog();
  const [asked, setAsked] = useState(false);
  const open = asked || dialog?.name === 'login';
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (await loginWithPassword(account.trim(), password)) {
        setAsked(false);
        closeDialog();
        notifyLoggedIn();
      }
    } catch {
      // The API client already showed the reason.
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    setAsked(false);
    closeDialog();
  };

  return (
    <div
      className="qy-standalone-bar"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', padding: '8px 16px', background: '#1f2329', color: '#fff', fontSize: 14 }}
    >
      <strong>
        {name} · {STANDALONE_TEXT.bar}
      </strong>
      <span>{loggedIn ? user?.membername : STANDALONE_TEXT.visitor}</span>
      {loggedIn ? (
        <button type="button" onClick={() => void logout(() => window.location.reload())}>
          {STANDALONE_TEXT.logout}
        </button>
      ) : open ? (
        <form onSubmit={(e) => void onSubmit(e)} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input aria-label={STANDALONE_TEXT.account} placeholder={STANDALONE_TEXT.account} autoComplete="username" value={account} onChange={(e) => setAccount(e.target.value)} />
          <input aria-label={STANDALONE_TEXT.password} placeholder={STANDALONE_TEXT.password} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <button type="submit" disabled={busy}>
            {STANDALONE_TEXT.login}
          </button>
          <button type="button" onClick={cancel}>
            {STANDALONE_TEXT.cancel}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setAsked(true)}>
          {STANDALONE_TEXT.login}
        </button>
      )}
    </div>
  );
}

/**
 * Mounts `App` alone into the standalone page's #qy-main, inside the same providers as in the shell,
 * under the standalone bar. `name` is the remote's package folder (mf-payment, …).
 */
export function runStandalone(name: string, App: ComponentType) {
  void registerDevRemotes(name);
  createRoot(document.getElementById('qy-main') as HTMLElement).render(
    <AppProviders>
      <StandaloneBar name={name} />
      <App />
    </AppProviders>,
  );
}
