// Exposed as './app': single-spa lifecycles for the shell. The app renders in the shared store only:
// the course list needs no antd, and the other routes bring antd's theme with their chunk
// (ThemedRoutes). A failed app shows the plain busy message.
import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { App } from './App';

export const { bootstrap, mount, unmount } = bareReactLifecycles(App);
