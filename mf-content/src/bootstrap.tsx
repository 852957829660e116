// Exposed as './app': single-spa lifecycles for the shell. The app renders in the shared store only:
// no route needs antd for its first view; the pieces that use it load with their own theme (PageRoutes).
// A failed app shows the plain busy message.
import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { App } from './App';

export const { bootstrap, mount, unmount } = bareReactLifecycles(App);
