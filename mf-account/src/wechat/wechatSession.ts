// What the two WeChat pages share: the iswx flag of their calls and how their login ends.
import { isWechatBrowser, startSession, takeLoginReturn, type SessionUser } from '@qianyan/shared/core';

/** The WeChat calls' iswx: 1 inside WeChat's own browser. */
export const iswx = (): 0 | 1 => (isWechatBrowser() ? 1 : 0);

/**
 * Ends a WeChat login like any other (startSession) and takes the page the login began on, which
 * the caller goes back to or, for a new member, drops.
 */
export function finishWechatLogin(token: string, user: SessionUser): string {
  startSession(token, user);
  return takeLoginReturn();
}
