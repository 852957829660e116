// Exposed as './app': single-spa lifecycles for the shell. The app renders in the shared store only:
// no first view needs antd, and what does (registration's later steps, the profile form, the
// account dialogs) brings antd's theme with its chunk. A failed app shows the plain busy message.
import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { App } from './App';

export const { bootstrap, mount, unmount } = bareReactLifecycles(App);
