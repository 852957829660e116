// @qianyan/shared: the API client, session, dialogs, rules and formatters every app shares.
// The stateful part comes from @qianyan/shared/core, the federation singleton (one session store);
// the antd-based UI below is bundled by each app with its own antd (see core.ts).
export * from '@qianyan/shared/core';
export { AppProviders, ThemeScope, theme } from './ui/AppProviders';
export { EmptyState, ErrorState, LoadingState } from './ui/States';
export { QueryPending } from './QueryPending';
export { isSignedMediaUrl, useMediaResume } from './ui/useMediaResume';
export { reactLifecycles } from './ui/lifecycles';
export { bareReactLifecycles, PlainErrorState, StoreProvider } from './ui/bareLifecycles';
export type { LifecycleOptions } from './ui/bareLifecycles';
export { SendCodeButton, SEND_CODE_MSG, sendVerificationCode } from './ui/SendCodeButton';
export type { SendCodeButtonHandle, SendCodeButtonProps } from './ui/SendCodeButton';
export { RangeCalendar, RANGE_CALENDAR_TEXT, nextRange } from './ui/RangeCalendar';
export type { DraftRange } from './ui/RangeCalendar';
export { isDisabledListDate, isOutside, LIST_BOUNDS, LIST_MIN_DATE, maxOf } from './dateBounds';
export type { DateBounds } from './dateBounds';
export { openWeiboShare, shareOnMobile, useCollect, weiboShareUrl } from './ui/share';
export type { CollectCalls } from './ui/share';
export { courseClick, coursePath, openOutsideChain, performCourseClick } from './courseClick';
export type { CourseClick, CourseClickEffects } from './courseClick';
export { NotFoundPage, pageTitle, SECTION_TEXT, SectionPanel, SITE_NAME, UnderConstructionPage, useDocumentTitle } from './ui/SectionPanel';
export type { PanelFrame } from './ui/SectionPanel';
export { ClassTags } from './ui/ClassTags';
export { BrowserApp, chunkPreloader, ThemedRoutesChunk } from './ui/themedRoutes';
export { accountField, CODE_FIELD, contactOf, sendCodeFor } from './ui/codeFields';
export type { Channel } from './ui/codeFields';
export { FILTER_SHEET_TEXT, FilterSheet, useFilterDraft } from './ui/FilterSheet';
