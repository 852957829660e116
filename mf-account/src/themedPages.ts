// The chunks of mf-account's themed screens (every route but /personal). They are listed here,
// outside ThemedRoutes, so that App can start a screen's chunk together with the themed routes' chunk
// (antd's theme): both load in parallel, one round trip after the app's own.
export const themedPageChunks = {
  register: () => import('./register/RegisterPage'),
  wxLogin: () => import('./wechat/WxLoginPage'),
  bindPhone: () => import('./wechat/BindPhonePage'),
} as const;

export type ThemedPageName = keyof typeof themedPageChunks;

/** Starts loading a screen's chunk (webpack loads a chunk once; a repeat is free). */
export function preloadThemedPage(name: ThemedPageName): void {
  void themedPageChunks[name]().catch(() => undefined);
}
