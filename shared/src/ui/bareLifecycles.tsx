// single-spa lifecycles for a React app, without antd (@qianyan/shared/lifecycles): an app that must
// not load antd on the first view (the shell's chrome) renders in the shared jotai store only and
// shows a plain message if it fails. reactLifecycles (ui/lifecycles) adds antd's providers on top.
import type { ComponentType, ReactNode } from 'react';
import React, { startTransition, type ReactNode as Node } from 'react';
import ReactDOMClient, { type RootOptions } from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { MSG, qyStore, yieldToMain } from '@qianyan/shared/core';

/** The one shared jotai store (session, dialogs) every app renders in. */
export function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={qyStore}>{children}</Provider>;
}

/** A failed app, without antd: the spec's busy message. */
export function PlainErrorState() {
  return (
    <p role="alert" style={{ margin: '24px auto', padding: '0 16px', color: '#4e5969', textAlign: 'center' }}>
      {MSG.busy}
    </p>
  );
}

/**
 * react-dom/client for single-spa-react, with each root's renders as transitions. A render in a
 * transition is time-sliced (React yields to the browser every few milliseconds) instead of one
 * task for the whole tree, so an app's first render does not hold the main thread for the length
 * of its tree (Lighthouse's total blocking time). The commit itself stays one piece, so a page
 * still appears at once.
 */
export const transitionDomClient = {
  createRoot(container: Element | DocumentFragment, options?: RootOptions) {
    const root = ReactDOMClient.createRoot(container, options);
    return {
      render: (children: Node) => startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

export interface LifecycleOptions {
  /** Wraps the app (default: the shared store only). */
  Providers?: ComponentType<{ children: ReactNode }>;
  /** Shown when the app throws (default: PlainErrorState). */
  ErrorFallback?: ComponentType;
}

export function bareReactLifecycles<P extends object>(
  Root: ComponentType<P>,
  domElementId?: string,
  { Providers = StoreProvider, ErrorFallback = PlainErrorState }: LifecycleOptions = {},
) {
  function Wrapped(props: P) {
    return (
      <Providers>
        <Root {...props} />
      </Providers>
    );
  }
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient: transitionDomClient as unknown as typeof ReactDOMClient,
    renderType: 'createRoot',
    rootComponent: Wrapped,
    domElementGetter: domElementId ? () => document.getElementById(domElementId) as HTMLElement : undefined,
    errorBoundary: () => <ErrorFallback />,
  });
  // The app's modules were evaluated in the task that loaded them; its mount starts in a task of its own.
  return { ...lifecycles, mount: [() => yieldToMain(), lifecycles.mount] };
}
