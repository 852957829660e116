// Exposed as './app': single-spa lifecycles for the shell. The app renders in the shared store only:
// a visitor's /personal needs no antd, and the other screens bring antd's theme with their chunk
// (registration's later steps, ThemedCentre). A failed app shows the plain busy message.
import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { App } from './App';

export const { bootstrap, mount, unmount } = bareReactLifecycles(App);
