// single-spa lifecycles for a React app, without antd (@qianyan/shared/lifecycles): an app that must
// not load antd on the first view (the shell's chrome) renders in the shared jotai store only and
// shows a plain message if it fails. reactLifecycles (ui/lifecycles) adds antd's providers on top.
import type { ComponentType, ReactNode } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Provider } from 'jotai';
import { MSG, qyStore } from '@qianyan/shared/core';

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
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: Wrapped,
    domElementGetter: domElementId ? () => document.getElementById(domElementId) as HTMLElement : undefined,
    errorBoundary: () => <ErrorFallback />,
  });
}
