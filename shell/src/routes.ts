// The route table of spec §2.1, mapped to owners as ARCHITECTURE §3.5.
import table from './routes.json';

export type RemoteName = 'mf-content' | 'mf-courses' | 'mf-account' | 'mf-payment' | 'mf-editorial';

/** A route pattern: an exact path, or a prefix ending in '*'. */
export type RoutePattern = string;

// The table lives in routes.json: the shell's build copies it to its output, where the server reads
// it to put the current route's remote into the page's preload hints.
export const REMOTE_ROUTES: Record<RemoteName, RoutePattern[]> = table.remotes as Record<RemoteName, RoutePattern[]>;

/** Routes the shell renders itself. */
export const SHELL_ROUTES: RoutePattern[] = table.shell;

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '');
  return pathname;
}

export function matches(pattern: RoutePattern, pathname: string): boolean {
  const path = normalise(pathname);
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1)) && path.length > pattern.length - 1;
  return path === pattern;
}

export function ownerOf(pathname: string): RemoteName | 'shell' | null {
  if (SHELL_ROUTES.some((p) => matches(p, pathname))) return 'shell';
  for (const [remote, patterns] of Object.entries(REMOTE_ROUTES) as [RemoteName, RoutePattern[]][]) {
    if (patterns.some((p) => matches(p, pathname))) return remote;
  }
  return null;
}

/**
 * Remotes that draw their whole page (the editorial console: its own sidebar layout). On their routes
 * the chrome shows no reader header, advert or footer, only the shared dialogs (the login dialog).
 */
export const OWN_LAYOUT_REMOTES: readonly RemoteName[] = ['mf-editorial'];

export function hasOwnLayout(pathname: string): boolean {
  const owner = ownerOf(pathname);
  return owner !== null && owner !== 'shell' && OWN_LAYOUT_REMOTES.includes(owner);
}

/** Module Federation container name of a remote: 'mf-content' → 'mf_content'. */
export const containerName = (remote: RemoteName) => remote.replace(/-/g, '_');
