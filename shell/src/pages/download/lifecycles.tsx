import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { DownloadPage } from './DownloadPage';

// A root without props, so single-spa's custom props (domElement) type-check against it. The page
// is plain React and CSS: it renders in the shared store only, without antd's providers.
const DownloadRoot = () => <DownloadPage />;

export const { bootstrap, mount, unmount } = bareReactLifecycles(DownloadRoot);
