// The single-spa root config (plain TypeScript): remote manifests from /remotes.json, the route
// table, the always-active chrome app, the shell's own pages, then start().
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { registerRemoteLoader, releaseFirstView, yieldToMain } from '@qianyan/shared/core';
import { registerApplication, start, unloadApplication, type LifeCycles } from 'single-spa';
import { containerEntry } from './federation/containerEntry';
import { isRemoteFallback, onRetry, remoteFallbackLifecycles } from './federation/fallback';
import { loadWithRetry, showRemoteLoading, singleFlight } from './federation/loading';
import { containerName, hasOwnLayout, matches, ownerOf, REMOTE_ROUTES, type RemoteName } from './routes';
import { watchReader } from './offline/session';
import { settleSsoArrival } from './ssoArrival';

type RemoteMap = Partial<Record<RemoteName, string>>;

declare global {
  interface Window {
    /** remotes.json as the server read it when it sent this page (saves one round trip). */
    __QY_REMOTES__?: RemoteMap;
  }
}

/** The remote map the server put into the page, if any (taken once: retries fetch afresh). */
function takeInlineRemoteMap(): RemoteMap | undefined {
  const map = window.__QY_REMOTES__;
  delete window.__QY_REMOTES__;
  return map && typeof map === 'object' ? { ...map } : undefined;
}

/** remotes.json is never cached: changing one entry rolls a remote out or back. */
export async function fetchRemoteMap(): Promise<RemoteMap> {
  try {
    const res = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
    return (await res.json()) as RemoteMap;
  } catch (err) {
    console.error('[qy] cannot read /remotes.json', err);
    return {};
  }
}

function register(map: RemoteMap, force = false) {
  const remotes = (Object.entries(map) as [RemoteName, string][])
    .filter(([, url]) => typeof url === 'string' && url)
    .map(([remote, url]) => ({ name: containerName(remote), entry: containerEntry(url) }));
  registerRemotes(remotes, { force });
}

/** Registers `remote` again from a freshly read remotes.json (the runtime keeps a failed container until then). */
async function reRegister(remote: RemoteName, map: RemoteMap) {
  const fresh = await fetchRemoteMap();
  if (!fresh[remote]) return;
  Object.assign(map, fresh);
  register({ [remote]: fresh[remote] } as RemoteMap, true);
}

async function loadApp(remote: RemoteName, map: RemoteMap, domElement: HTMLElement): Promise<LifeCycles> {
  if (!map[remote]) return remoteFallbackLifecycles(containerName(remote), new Error('not listed in remotes.json'));
  const hideLoading = showRemoteLoading(domElement);
  try {
    const mod = await loadWithRetry(
      `${containerName(remote)}/app`,
      async () => {
        const loaded = await loadRemote<LifeCycles>(`${containerName(remote)}/app`);
        if (!loaded) throw new Error('empty module');
        return loaded;
      },
      () => reRegister(remote, map),
      undefined,
      isRemoteFallback,
    );
    return mod;
  } catch (err) {
    return remoteFallbackLifecycles(containerName(remote), err);
  } finally {
    hideLoading();
  }
}

/** How long a short page keeps the footer below the window before it moves up under the content. */
const FOOTER_HOLD_MS = 4000;

/**
 * index.html gives #qy-main a window's height until the first page's content is in, so the footer
 * does not show under the header and then jump down (layout shift). The hold ends as soon as the
 * content reaches the bottom of the window (nothing moves then), or after FOOTER_HOLD_MS for a page
 * shorter than the window.
 */
function releaseFooterWhenFilled(main: HTMLElement) {
  if (!main.classList.contains('qy-main--pending')) return;
  let observer: ResizeObserver | undefined;
  const release = () => {
    main.classList.remove('qy-main--pending');
    observer?.disconnect();
    window.clearTimeout(timer);
  };
  const timer = window.setTimeout(release, FOOTER_HOLD_MS);
  if (typeof ResizeObserver === 'undefined') return;
  const check = () => {
    const top = main.getBoundingClientRect().top + window.scrollY;
    const content = Array.from(main.children).reduce((h, c) => h + c.getBoundingClientRect().height, 0);
    if (top + content >= window.innerHeight) release();
  };
  observer = new ResizeObserver(check);
  observer.observe(main);
  new MutationObserver((_, mo) => {
    for (const child of Array.from(main.children)) observer?.observe(child);
    if (!main.classList.contains('qy-main--pending')) mo.disconnect();
  }).observe(main, { childList: true });
}

/** How long the server's picture of the page's top may stay if its page never takes it away. */
const PREVIEW_MAX_MS = 15000;

/**
 * The server's picture of the page's top (firstView.ts, firstViewMain) is the page's to remove; it
 * also goes when the reader leaves for another path first, or after PREVIEW_MAX_MS whatever happens
 * (a page that failed to load).
 */
function releasePreviewOnLeave() {
  const firstPath = window.location.pathname;
  const onRoute = () => {
    if (window.location.pathname !== firstPath) releaseFirstView();
  };
  window.addEventListener('single-spa:before-routing-event', onRoute);
  window.setTimeout(() => releaseFirstView(), PREVIEW_MAX_MS);
}

/**
 * The page's html element carries qy-own-layout on the routes of a remote that draws its whole page
 * (the editorial console): index.html's rules then hide the reader header, advert and footer boxes.
 * index.html sets it before the first paint from the path; from here on the route table decides.
 */
function followOwnLayout() {
  const apply = () => document.documentElement.classList.toggle('qy-own-layout', hasOwnLayout(window.location.pathname));
  apply();
  window.addEventListener('single-spa:before-routing-event', apply);
}

/**
 * Resolves once the route's own content is in #qy-main (text outside the server's picture of the
 * page's top), or after PREVIEW_MAX_MS whatever happens (a page that failed to load). The remotes
 * load after the window's load event, so that event alone says nothing about the first view.
 */
function routeDrawn(): Promise<void> {
  const main = document.getElementById('qy-main');
  const drawn = () => {
    if (!main) return true;
    const preview = document.getElementById('qy-first-view');
    return (main.textContent?.length ?? 0) > (preview?.textContent?.length ?? 0);
  };
  return new Promise((resolve) => {
    if (drawn()) return resolve();
    const done = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (drawn()) done();
    });
    observer.observe(main!, { childList: true, subtree: true, characterData: true });
    const timer = window.setTimeout(done, PREVIEW_MAX_MS);
  });
}

/**
 * After the load event, the route's first content, a few seconds and an idle moment: work that must
 * never hold the first view back.
 */
function whenSettled(run: () => void, delayMs = 3000) {
  const go = () =>
    void routeDrawn().then(() =>
      window.setTimeout(() => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 5000 }) : run()), delayMs),
    );
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}

async function main() {
  // A single-sign-on ticket leaves the address bar before any app reads it (§4 single sign-on arrival).
  const ssoArrival = settleSsoArrival();
  const map = takeInlineRemoteMap() ?? (await fetchRemoteMap());
  register(map);
  // Each start-up step in a task of its own (registering the remotes, the apps, then starting).
  await yieldToMain();
  // Widgets exposed by one remote to another: the same time limit and one retry as a remote's page,
  // and one load at a time per widget however many places ask for it.
  registerRemoteLoader(
    singleFlight((id) => {
      const remote = id.split('/')[0].replace(/_/g, '-') as RemoteName;
      return loadWithRetry(
        id,
        async () => {
          const mod = await loadRemote(id);
          if (!mod) throw new Error(`empty module ${id}`);
          return mod;
        },
        () => reRegister(remote, map),
      );
    }) as <T>(id: string) => Promise<T>,
  );
  onRetry(async (remote) => {
    await reRegister(remote as RemoteName, map);
    // Back to NOT_LOADED: single-spa calls the loading function again for the current route.
    await unloadApplication(remote, { waitForUnmount: false });
  });

  const domElement = document.getElementById('qy-main') as HTMLElement;
  followOwnLayout();
  releaseFooterWhenFilled(domElement);
  releasePreviewOnLeave();

  registerApplication({
    name: 'chrome',
    app: () => import('./chrome/lifecycles'),
    activeWhen: () => true,
  });

  for (const remote of Object.keys(REMOTE_ROUTES) as RemoteName[]) {
    registerApplication({
      name: remote,
      app: () => loadApp(remote, map, domElement),
      activeWhen: (location) => REMOTE_ROUTES[remote].some((p) => matches(p, location.pathname)),
      customProps: { domElement },
    });
  }

  registerApplication({
    name: 'download',
    app: () => import('./pages/download/lifecycles'),
    activeWhen: (location) => matches('/download', location.pathname),
    customProps: { domElement },
  });
  registerApplication({
    name: 'not-found',
    app: () => import('./pages/not-found/lifecycles'),
    activeWhen: (location) => ownerOf(location.pathname) === null,
    customProps: { domElement },
  });

  await ssoArrival;
  await yieldToMain();
  start({ urlRerouteOnly: true });

  // The service worker and the week's issue kept for reading offline (a production build only: a
  // development server's files change under the same names).
  if (process.env.NODE_ENV === 'production') {
    const keep = () =>
      whenSettled(() => void import('./offline').then((m) => m.startOffline(map)).catch((err: unknown) => console.warn('[qy] offline reading is off', err)));
    watchReader(keep);
    keep();
  }
}

void main();
