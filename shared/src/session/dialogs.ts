// Dialogs are rendered by the shell's chrome app; any app opens them through these functions
// (ARCHITECTURE §3.4), never by importing the shell.
import { atom } from 'jotai';
import type { SessionUser } from '../types';
import { qyStore, setSession } from './store';

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

/** How every login ends: the session is stored, then the apps are told (onLoggedIn). */
export function startSession(token: string, user: SessionUser) {
  setSession(token, user);
  notifyLoggedIn();
}

/** Subscribes to successful logins; returns the unsubscribe function. */
export function onLoggedIn(listener: Listener): () => void {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------
// Image captcha (§2.6 图片验证码): asked for before an SMS code is sent. It has its own atom so it
// opens above another dialog (forgot password, change mobile) without closing it.

/** The captcha id from api.login.captchaImage and the calculated result the user typed. */
export interface CaptchaAnswer {
  uuid: string;
  code: string;
}

/** Set while a captcha is asked for; the shell's captcha dialog is open exactly then. */
export const captchaRequestAtom = atom<{ id: number } | null>(null);

let captchaSeq = 0;
let pendingCaptcha: ((answer: CaptchaAnswer | null) => void) | null = null;

/**
 * Opens the shell's 图片验证码 dialog and resolves with the answer, or null when it is cancelled.
 * A newer request cancels an older one that is still open.
 */
export function requestCaptcha(): Promise<CaptchaAnswer | null> {
  pendingCaptcha?.(null);
  return new Promise((resolve) => {
    pendingCaptcha = resolve;
    qyStore.set(captchaRequestAtom, { id: ++captchaSeq });
  });
}

/** Called by the captcha dialog: the answer, or null for cancel. Closes the dialog. */
export function resolveCaptcha(answer: CaptchaAnswer | null) {
  const resolve = pendingCaptcha;
  pendingCaptcha = null;
  qyStore.set(captchaRequestAtom, null);
  resolve?.(answer);
}

// ---------------------------------------------------------------------------------------------
// Messaging-app (WeChat) login (§4): the page the login started from is kept in session storage
// while the browser visits the authorisation page, and /wechat/wxlogin returns there.

const LOGIN_RETURN_KEY = 'qy.loginReturn';

/** True inside WeChat's in-app browser (its user agent carries MicroMessenger). */
export function isWechatBrowser(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** Only a path of this site (not //host or a scheme) may be returned to. */
function isLocalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** Keeps the current page (or `path`) to come back to after the messaging-app login. */
export function rememberLoginReturn(path = `${window.location.pathname}${window.location.search}`) {
  // Coming back to the login pages themselves would loop.
  const target = /^\/(wechat\/wxlogin|wxloginBindPhone|register)\b/.test(path) ? '/index' : path;
  try {
    sessionStorage.setItem(LOGIN_RETURN_KEY, target);
  } catch {
    // Private mode without storage: the login ends on the home page.
  }
}

/** The remembered page (removed as it is read), or /index. */
export function takeLoginReturn(): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(LOGIN_RETURN_KEY);
    sessionStorage.removeItem(LOGIN_RETURN_KEY);
  } catch {
    path = null;
  }
  return path && isLocalPath(path) ? path : '/index';
}
