import { reactLifecycles } from '@qianyan/shared';
import { ChromeApp } from './ChromeApp';

export const { bootstrap, mount, unmount } = reactLifecycles(ChromeApp, 'qy-header');
