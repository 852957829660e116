// Dialogs are rendered by the shell's chrome app; any app opens them through these functions
// (ARCHITECTURE §3.4), never by importing the shell.
import { atom } from 'jotai';
import { qyStore } from './store';

export type DialogName =
  | 'login'
  | 'forgotPassword'
  | 'wechatQrLogin'
  | 'codeLogin'
  | 'captcha'
  | 'shareQr'
  | 'shareHint';

export interface DialogState {
  name: DialogName;
  props?: Record<string, unknown>;
}

export const dialogAtom = atom<DialogState | null>(null);

export function openDialog(name: DialogName, props?: Record<string, unknown>) {
  qyStore.set(dialogAtom, { name, props });
}

export function openLoginDialog() {
  openDialog('login');
}

export function closeDialog() {
  qyStore.set(dialogAtom, null);
}

type Listener = () => void;
const loginListeners = new Set<Listener>();

/** Called by the shell after a successful login, so pages can reload their data. */
export function notifyLoggedIn() {
  loginListeners.forEach((l) => l());
}

/** Subscribes to successful logins; returns the unsubscribe function. */
export function onLoggedIn(listener: Listener): () => void {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
}
