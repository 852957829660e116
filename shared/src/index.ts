// @qianyan/shared: the API client, session, dialogs, rules and formatters every app shares.
// The stateful part comes from @qianyan/shared/core, the federation singleton (one session store);
// the antd-based UI below is bundled by each app with its own antd (see core.ts).
export * from '@qianyan/shared/core';
export { AppProviders, ThemeScope, theme } from './ui/AppProviders';
export { EmptyState, ErrorState, LoadingState } from './ui/States';
export { isSignedMediaUrl, useMediaResume } from './ui/useMediaResume';
export { reactLifecycles } from './ui/lifecycles';
export { bareReactLifecycles, PlainErrorState, StoreProvider } from './ui/bareLifecycles';
export type { LifecycleOptions } from './ui/bareLifecycles';
export { SendCodeButton, SEND_CODE_MSG, sendVerificationCode } from './ui/SendCodeButton';
export type { SendCodeButtonHandle, SendCodeButtonProps } from './ui/SendCodeButton';
