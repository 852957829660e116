// The panel's antd parts (themed.tsx), fetched on first use: one chunk for all of them.
import { lazy } from 'react';

const themed = () => import('./themed');

export const ThemedOrderList = lazy(() => themed().then((m) => ({ default: m.ThemedOrderList })));
export const ThemedAddressModal = lazy(() => themed().then((m) => ({ default: m.ThemedAddressModal })));
export const ThemedDesktopPayModal = lazy(() => themed().then((m) => ({ default: m.ThemedDesktopPayModal })));
export const ThemedMobilePayModal = lazy(() => themed().then((m) => ({ default: m.ThemedMobilePayModal })));
export const ReturnAskModal = lazy(() => themed().then((m) => ({ default: m.ReturnAskModal })));
export const AgreementModal = lazy(() => themed().then((m) => ({ default: m.AgreementModal })));
