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
   * Inserts the payment provider's HTML form and submits it. A <script> inside HTML inserted this
   * way does not run, so the form is submitted here.
   */
  submitForm(html: string): boolean {
    const holder = document.createElement('div');
    holder.className = 'qy-pay-form';
    holder.hidden = true;
    holder.innerHTML = html;
    holder.querySelectorAll('script').forEach((s) => s.remove());
    const form = holder.querySelector('form');
    if (!form) return false;
    document.body.appendChild(holder);
    form.submit();
    return true;
  },
  /** Where to go after paying: ?redirect= (same-site path), else the same-site referrer, else the profile. */
  returnTarget(): string {
    const redirect = new URLSearchParams(window.location.search).get('redirect');
    if (isSameSitePath(redirect)) return redirect;
    try {
      if (document.referrer) {
        const ref = new URL(document.referrer);
        if (ref.origin === window.location.origin && !ref.pathname.startsWith('/personal') && !ref.pathname.startsWith('/qrcode-member')) {
          return `${ref.pathname}${ref.search}${ref.hash}`;
        }
      }
    } catch {
      /* not a URL: ignore */
    }
    return '/personal?type=flag1';
  },
};

/** The order a phone payment left the page for; polled when the panel is shown again. */
const PENDING_KEY = 'qy-pay-pending';
export const pendingOrder = {
  get: (): string | null => {
    try {
      return window.sessionStorage.getItem(PENDING_KEY);
    } catch {
      return null;
    }
  },
  set: (ordersn: string) => {
    try {
      window.sessionStorage.setItem(PENDING_KEY, ordersn);
    } catch {
      /* storage unavailable: the order list still shows it */
    }
  },
  clear: () => {
    try {
      window.sessionStorage.removeItem(PENDING_KEY);
    } catch {
      /* ignore */
    }
  },
};
