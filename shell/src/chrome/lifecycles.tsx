// The chrome renders in the shared store only, without antd's providers: the header, footer and
// dialogs host carry no antd on the first view; the parts that use antd (dialogs, search bar,
// mobile menu) load on first use, each inside its own ThemeScope.
import { bareReactLifecycles } from '@qianyan/shared/lifecycles';
import { ChromeApp } from './ChromeApp';

export const { bootstrap, mount, unmount } = bareReactLifecycles(ChromeApp, 'qy-header');
