// single-spa lifecycles for a React app, wrapped in the shared providers (ARCHITECTURE §3.4).
import type { ComponentType } from 'react';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AppProviders } from './AppProviders';
import { ErrorState } from './States';

export function reactLifecycles<P extends object>(Root: ComponentType<P>, domElementId?: string) {
  function Wrapped(props: P) {
    return (
      <AppProviders>
        <Root {...props} />
      </AppProviders>
    );
  }
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: Wrapped,
    domElementGetter: domElementId ? () => document.getElementById(domElementId) as HTMLElement : undefined,
    errorBoundary: () => <ErrorState />,
  });
}
