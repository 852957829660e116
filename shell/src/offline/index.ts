// Reading offline (the week's issue on a train): registers the service worker and keeps the week's
// issue once it controls the page. Loaded by bootstrap.ts after the page has loaded and gone quiet;
// never part of the first view. session.ts, loaded with the shell, deletes a reader's copy on logout.
import { keepWeek } from './keeper';

/** A network the reader pays for by the byte or that is too slow to spare: nothing is kept. */
function sparingNetwork(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(c?.saveData) || c?.effectiveType === '2g' || c?.effectiveType === 'slow-2g';
}

/** Resolves once a service worker controls this page (right after the first install: it claims open pages). */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
}

let running: Promise<unknown> | undefined;

/** Registers the service worker and keeps the week (once at a time; keepWeek skips a week kept lately). */
export async function startOffline(remotes: Partial<Record<string, string>>): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  if (sparingNetwork()) return;
  running ??= controlled()
    .then(() => keepWeek(remotes['mf-content']))
    .catch((err: unknown) => console.warn('[qy] the week could not be kept for offline reading', err))
    .finally(() => {
      running = undefined;
    });
  await running;
}
