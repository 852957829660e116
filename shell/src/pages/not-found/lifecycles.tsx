import { reactLifecycles } from '@qianyan/shared';
import { NotFoundPage } from './NotFoundPage';

export const { bootstrap, mount, unmount } = reactLifecycles(NotFoundPage);
