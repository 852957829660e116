// How a remote splits its routes: its first-view pages come with the app, every other route with the
// themed routes' chunk (antd's theme), and the route's own page chunk starts beside that chunk (not
// after it: one round trip).
import { Suspense, type ComponentType } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { PlainLoadingState } from './plain/States';

/**
 * A function that starts loading the chunk of the page at a pathname (webpack loads a chunk once; a
 * repeat is free). `chunkOfPath` names each path's chunk among `chunks`.
 */
export function chunkPreloader<Name extends string>(
  chunks: Record<Name, () => Promise<unknown>>,
  chunkOfPath: Record<string, Name>,
): (pathname: string) => void {
  return (pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const name = chunkOfPath[path];
    if (name) void chunks[name]().catch(() => undefined);
  };
}

/** The catch-all route's element: the (lazy) themed routes, with the route's page chunk started beside them. */
export function ThemedRoutesChunk({ routes: Routes, preload }: { routes: ComponentType; preload: (pathname: string) => void }) {
  preload(useLocation().pathname);
  return (
    <Suspense fallback={<PlainLoadingState />}>
      <Routes />
    </Suspense>
  );
}

/** A remote's routes in the browser's history. */
export function BrowserApp({ routes: AppRoutes }: { routes: ComponentType }) {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
