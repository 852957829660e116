// Module Federation runtime plugin: a remote that cannot load becomes a module whose single-spa
// lifecycles show a clear, retryable message inside the page (ARCHITECTURE §3.4). The header,
// footer and dialogs belong to the shell and keep working.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteFallbackLifecycles } from './fallback';

const fallbackPlugin: () => ModuleFederationRuntimePlugin = () => ({
  name: 'qy-remote-fallback',
  errorLoadRemote(args) {
    // Only module requests get a stand-in; other lifecycle errors surface unchanged.
    if (args.lifecycle !== 'onLoad' && args.lifecycle !== 'beforeRequest' && args.lifecycle !== 'afterResolve') {
      return undefined;
    }
    // Only a remote's app gets the in-page stand-in; a widget request (e.g. the subscription panel)
    // fails normally so its host can show its own error state and retry.
    const [remote, exposed] = String(args.id).split('/');
    if (exposed !== 'app') return undefined;
    return remoteFallbackLifecycles(remote, args.error);
  },
});

export default fallbackPlugin;
