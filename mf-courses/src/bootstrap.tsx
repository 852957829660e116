// Exposed as './app': single-spa lifecycles for the shell. The app renders in the shared store only:
// none of its routes needs antd (App.tsx). A failed app shows the plain busy message.
import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { App } from './App';

export const { bootstrap, mount, unmount } = bareReactLifecycles(App);
