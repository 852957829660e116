// single-spa lifecycles for a React app, wrapped in the shared providers (ARCHITECTURE §3.4).
import type { ComponentType } from 'react';
import { AppProviders } from './AppProviders';
import { bareReactLifecycles } from './bareLifecycles';
import { ErrorState } from './States';

function AppErrorState() {
  return <ErrorState />;
}

export function reactLifecycles<P extends object>(Root: ComponentType<P>, domElementId?: string) {
  return bareReactLifecycles(Root, domElementId, { Providers: AppProviders, ErrorFallback: AppErrorState });
}
