import { reactLifecycles } from '@qianyan/shared';
import { DownloadPage } from './DownloadPage';

// A root without props, so single-spa's custom props (domElement) type-check against it.
const DownloadRoot = () => <DownloadPage />;

export const { bootstrap, mount, unmount } = reactLifecycles(DownloadRoot);
