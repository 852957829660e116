// flag4: mf-payment's subscription panel, loaded through the shell's Module Federation runtime.
import { loadRemoteModule } from '@qianyan/shared';
import { PlainErrorState, PlainLoadingState } from '@qianyan/shared/plain';
import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { ACCOUNT_MSG } from '../messages';
import { reloadPage } from './navigation';

export const SUBSCRIPTION_PANEL_ID = 'mf_payment/SubscriptionPanel';

type PanelModule = { SubscriptionPanel: ComponentType };

function lazyPanel() {
  return lazy(async () => {
    const mod = await loadRemoteModule<PanelModule>(SUBSCRIPTION_PANEL_ID);
    if (!mod || typeof mod.SubscriptionPanel !== 'function') {
      throw new Error(`${SUBSCRIPTION_PANEL_ID} does not export SubscriptionPanel`);
    }
    return { default: mod.SubscriptionPanel };
  });
}

class RemoteBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[mf-account] ${SUBSCRIPTION_PANEL_ID} failed`, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function SubscriptionTab() {
  // React.lazy remembers a rejection, so a retry needs a fresh lazy component (and boundary).
  const [attempt, setAttempt] = useState(0);
  const Panel = useMemo(() => lazyPanel(), [attempt]);
  // The federation runtime may keep a failed manifest for the life of the page, so when the
  // in-page retry failed too, the next retry reloads the page.
  const retry = attempt === 0 ? () => setAttempt((a) => a + 1) : reloadPage;
  return (
    <RemoteBoundary key={attempt} fallback={<PlainErrorState message={ACCOUNT_MSG.subscriptionLoadFailed} onRetry={retry} />}>
      <Suspense fallback={<PlainLoadingState rows={6} />}>
        <Panel />
      </Suspense>
    </RemoteBoundary>
  );
}
