// Single sign-on (§4 single sign-on arrival, §7.1 authLogin): a `nejmjmedssodata` ticket on any page
// is exchanged for a session; outside links get a fresh ticket appended for a logged-in reader.
import { api } from './api';
import { openLoginDialog, startSession } from './session/dialogs';
import { getSession } from './session/store';

/** The query parameter that carries a single-sign-on ticket, arriving or leaving. */
export const SSO_PARAM = 'nejmjmedssodata';

/** The ticket in `href`'s query, or null. */
export function readSsoTicket(href: string): string | null {
  const value = new URL(href, 'http://x').searchParams.get(SSO_PARAM);
  return value ? value : null;
}

/** `href` without the ticket parameter; every other parameter and the hash stay as they were. */
export function withoutSsoTicket(href: string): string {
  const url = new URL(href, 'http://x');
  url.searchParams.delete(SSO_PARAM);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

/**
 * Takes the ticket off the address bar at once (history.replaceState, so the apps never see it and a
 * reload does not replay a single-use ticket) and returns it; null when the page has none.
 */
export function takeSsoTicketFromAddressBar(): string | null {
  const ticket = readSsoTicket(window.location.href);
  if (ticket === null) return null;
  const { pathname, search, hash } = window.location;
  window.history.replaceState(window.history.state, '', withoutSsoTicket(`${pathname}${search}${hash}`));
  return ticket;
}

/**
 * Exchanges a ticket for a session: stores the user and token like a login and tells the apps
 * (onLoggedIn). On failure the login popup opens (§8). Resolves true when logged in.
 */
export async function exchangeSsoTicket(ticket: string): Promise<boolean> {
  try {
    const { token, ...user } = await api.authLogin.login(ticket, { silent: true });
    startSession(token, user);
    return true;
  } catch {
    openLoginDialog();
    return false;
  }
}

/** The whole arrival: take the ticket off the address bar, then exchange it. */
export async function completeSsoArrival(): Promise<boolean | null> {
  const ticket = takeSsoTicketFromAddressBar();
  return ticket === null ? null : exchangeSsoTicket(ticket);
}

/**
 * Appends `nejmjmedssodata=<ticket>` to an outside link when the reader is logged in (course cards
 * with an outside chain). Logged out, or when no ticket can be had, the link is returned unchanged.
 */
export async function withSsoToken(url: string): Promise<string> {
  if (!getSession()) return url;
  let ticket: string;
  try {
    ticket = (await api.authLogin.getToken({ silent: true })).result;
  } catch {
    return url;
  }
  if (!ticket) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const cleaned = readSsoTicket(base) === null ? base : stripParam(base);
  const sep = cleaned.includes('?') ? (/[?&]$/.test(cleaned) ? '' : '&') : '?';
  return `${cleaned}${sep}${SSO_PARAM}=${encodeURIComponent(ticket)}${hash}`;
}

/** Drops an old ticket from an absolute or relative link without re-encoding the rest. */
function stripParam(href: string): string {
  const q = href.indexOf('?');
  if (q < 0) return href;
  const kept = href
    .slice(q + 1)
    .split('&')
    .filter((part) => part && part.split('=')[0] !== SSO_PARAM);
  return kept.length ? `${href.slice(0, q)}?${kept.join('&')}` : href.slice(0, q);
}
