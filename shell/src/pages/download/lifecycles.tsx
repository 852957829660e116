import { reactLifecycles } from '@qianyan/shared';
import { DownloadPage } from './DownloadPage';

export const { bootstrap, mount, unmount } = reactLifecycles(DownloadPage);
