// Exposed as './app': single-spa lifecycles for the shell. The QR payment page is plain React and
// CSS, so the app renders in the shared store only (no antd on its first view); a failed app shows
// the plain busy message. The subscription panel ('./SubscriptionPanel') brings its own theme.
import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { App } from './App';

export const { bootstrap, mount, unmount } = bareReactLifecycles(App);
