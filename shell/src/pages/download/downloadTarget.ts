// Which download /download offers (spec §2.1), decided from the user agent alone.
export type DownloadTarget = 'ios' | 'android' | 'desktop';

/**
 * iPhone, iPad or iPod → the App Store; Android → the package; anything else gets the page.
 * iPadOS 13+ reports a Mac user agent; a touch screen tells it apart from a real Mac.
 */
export function downloadTargetFor(userAgent: string, maxTouchPoints = 0): DownloadTarget {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}
