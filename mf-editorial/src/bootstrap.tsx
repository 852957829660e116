// Exposed as './app': single-spa lifecycles for the shell, which mounts the console on /editor and
// /editor/* with no reader header or footer (shell/src/routes.ts hasOwnLayout).
import { reactLifecycles } from '@qianyan/shared';
import { App } from './App';

export const { bootstrap, mount, unmount } = reactLifecycles(App);
