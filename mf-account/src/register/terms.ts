// The registration terms links (§2.5, §2.7): they open /about in a new tab with the about page's
// service key in session storage (window.open copies this tab's session storage into the new one).
import { ABOUT_SERVICE_KEY_STORAGE } from '@qianyan/shared';

export function openTerms(serviceKey: number) {
  try {
    sessionStorage.setItem(ABOUT_SERVICE_KEY_STORAGE, String(serviceKey));
  } catch {
    // Without storage the about page opens at its first section.
  }
  window.open('/about', '_blank');
  // This tab's own about page must not open at the terms later.
  try {
    sessionStorage.removeItem(ABOUT_SERVICE_KEY_STORAGE);
  } catch {
    // Nothing stored.
  }
}
