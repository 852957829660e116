// Browser side effects of paying, behind one object so tests can observe them.

/** Same-site path only: starts with one slash (not //), no scheme. */
export function isSameSitePath(path: string | null | undefined): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export const browser = {
  /** Leaves the page (WeChat H5 cashier, the page after a successful payment). */
  assign(url: string) {
    window.location.assign(url);
  },
  /**
   * Submits the payment provider's HTML form (Alipay's SDK and the sandbox send a form followed by
   * an inline script that submits it). The page's Content-Security-Policy lets no such script run,
   * so the form is read in an inert document (nothing in it runs or loads), only the form and its
   * fields are brought into the page, and it is submitted from here.
   */
  submitForm(html: string): boolean {
    const parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
    if (!parsed) return false;
    const form = document.createElement('form');
    for (const name of ['action', 'method', 'enctype', 'accept-charset', 'name', 'id']) {
      const value = parsed.getAttribute(name);
      if (value !== null) form.setAttribute(name, value);
    }
    for (const field of Array.from(parsed.querySelectorAll('input, textarea'))) {
      const name = field.getAttribute('name');
      if (!name) continue;
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = (field as HTMLInputElement | HTMLTextAreaElement).value;
      form.appendChild(input);
    }
    const holder = document.createElement('div');
    holder.className = 'qy-pay-form';
    holder.hidden = true;
    holder.appendChild(form);
    document.body.appendChild(holder);
    form.submit();
    return true;
  },
  /**
   * Where to go after paying: ?redirect= (same-site path), else where the member was when a phone
   * payment left for the cashier, else the same-site referrer (not the personal centre, the QR
   * payment page or the sandbox cashier), else the profile.
   */
  returnTarget(): string {
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    if (isSameSitePath(redirect)) return redirect;
    const kept = session.get(RETURN_KEY);
    if (isSameSitePath(kept)) return kept;
    try {
      if (document.referrer) {
        const ref = new URL(document.referrer);
        const skipped = ['/personal', '/qrcode-member', '/dev/'].some((p) => ref.pathname.startsWith(p));
        if (ref.origin === window.location.origin && !skipped) return `${ref.pathname}${ref.search}${ref.hash}`;
      }
    } catch {
      /* not a URL: ignore */
    }
    return '/personal?type=flag1';
  },
};

const session = {
  get: (key: string): string | null => {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string) => {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the order list still shows it */
    }
  },
  remove: (key: string) => {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};

/** The order a phone payment left the page for; polled when the panel is shown again. */
const PENDING_KEY = 'qy-pay-pending';
/** Where to go once that order is paid, decided before leaving (the cashier becomes the referrer). */
const RETURN_KEY = 'qy-pay-return';
export const pendingOrder = {
  get: (): string | null => session.get(PENDING_KEY),
  set: (ordersn: string) => {
    session.set(RETURN_KEY, browser.returnTarget());
    session.set(PENDING_KEY, ordersn);
  },
  clear: () => {
    session.remove(PENDING_KEY);
    session.remove(RETURN_KEY);
  },
};
