// Navigation from the chrome: single-spa's navigateToUrl (a pushState that single-spa patches),
// so the owning app re-routes without a full page load.
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';

/** Fired after the chrome itself navigates (single-spa only re-dispatches popstate once started). */
const CHROME_NAVIGATED = 'qy:chrome-navigated';

export function go(url: string) {
  navigateToUrl(url);
  window.dispatchEvent(new Event(CHROME_NAVIGATED));
  window.scrollTo(0, 0);
}

/** A full page load (after logout the spec asks for a reload). */
export function hardNavigate(url: string) {
  window.location.assign(url);
}

function currentLocation() {
  return { pathname: window.location.pathname, search: window.location.search };
}

/** The current path and query, kept up to date across every app's navigation. */
export function useCurrentLocation() {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const update = () => setLocation(currentLocation());
    const events = ['popstate', 'single-spa:routing-event', CHROME_NAVIGATED];
    events.forEach((e) => window.addEventListener(e, update));
    return () => events.forEach((e) => window.removeEventListener(e, update));
  }, []);
  return location;
}

const withModifier = (e: MouseEvent) => e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0;

type ChromeLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Called after an in-app navigation (close the drawer, the popover…). */
  onNavigate?: () => void;
  children: ReactNode;
};

/** A real link (open in new tab works) that navigates inside the single-spa page on a plain click. */
export function ChromeLink({ to, onNavigate, onClick, children, ...rest }: ChromeLinkProps) {
  return (
    <a
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || withModifier(e)) return;
        e.preventDefault();
        go(to);
        onNavigate?.();
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

/** A panel's links, one list item each (the caller's list may add items of its own). */
export function LinkItems({
  links,
  onNavigate,
  className,
}: {
  links: readonly { key: string; to: string; label: ReactNode }[];
  onNavigate: () => void;
  className?: string;
}) {
  return links.map((l) => (
    <li key={l.key}>
      <ChromeLink to={l.to} className={className} onNavigate={onNavigate}>
        {l.label}
      </ChromeLink>
    </li>
  ));
}
