import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { NotFoundPage } from './NotFoundPage';

// Plain React and CSS: the page renders in the shared store only, without antd's providers.
export const { bootstrap, mount, unmount } = bareReactLifecycles(NotFoundPage);
