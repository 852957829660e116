// Exposed as './app': single-spa lifecycles for the shell.
import { reactLifecycles } from '@qianyan/shared';
import { App } from './App';

export const { bootstrap, mount, unmount } = reactLifecycles(App);
