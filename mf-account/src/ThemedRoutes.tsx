// Registration and the WeChat login pages, inside antd's brand theme. This module is itself loaded
// lazily, so the first view of /personal carries no antd.
import { LoadingState, ThemeScope } from '@qianyan/shared';
import { lazy, Suspense } from 'react';
import { themedPageChunks, type ThemedPageName } from './themedPages';

const PAGES = {
  register: lazy(() => themedPageChunks.register().then((m) => ({ default: m.RegisterPage }))),
  wxLogin: lazy(() => themedPageChunks.wxLogin().then((m) => ({ default: m.WxLoginPage }))),
  bindPhone: lazy(() => themedPageChunks.bindPhone().then((m) => ({ default: m.BindPhonePage }))),
};

/** The themed screen `page` (the route is chosen by App). */
export function ThemedRoutes({ page }: { page: ThemedPageName }) {
  const Page = PAGES[page];
  return (
    <ThemeScope>
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    </ThemeScope>
  );
}
