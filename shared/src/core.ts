// @qianyan/shared/core: the stateful, library-neutral half of @qianyan/shared (one session store,
// the dialog requests, the API client, rules and formatters). It is the Module Federation
// singleton every app shares; the antd-based UI half (ui/*) is bundled by each app, so that it
// renders with that app's own tree-shaken antd (docs/decisions.md, "antd is no longer shared").
export * from './types';
export * from './messages';
export * from './constants';
export * from './validation';
export * from './format';
export * from './config';
export * from './toast';
export { api, ARTICLE_PREV_TOKEN } from './api';
export type { Api, SiteConfigReply } from './api';
export { ApiError, call, get, post, provider, http, transportMessage, CODE_CAPTCHA_REQUIRED, CODE_NO_SESSION } from './api/http';
export type { CallOptions } from './api/http';
export * from './session/store';
export * from './session/dialogs';
export { withCaptchaWhenAsked } from './session/captchaRetry';
export * from './session/hooks';
export * from './sso';
export { isBlankHtml, RichHtml, sanitizeHtml } from './ui/sanitize';
export { useBreakpoint, useIsMobile } from './ui/responsive';
export { firstViewPreviewPage, releaseFirstView, useReleaseFirstView } from './firstViewPreview';
export { yieldToMain } from './yieldToMain';
export { registerRemoteLoader, loadRemoteModule } from './remotes';
export type { RemoteLoader } from './remotes';
