import { api, firstCoverUrl, HEADER_AD_CLOSED_COOKIE, HEADER_AD_HEIGHT_PX } from '@qianyan/shared/core';
import { useEffect, useLayoutEffect, useState } from 'react';
import { CHROME_MSG } from '../messages';
import { ChromeLink } from '../navigation';
import { CloseIcon } from './icons';

interface HeaderAd {
  id: number;
  name: string;
  href: string;
  img: string;
}

/**
 * The header advert (spec §2.4, §7.5): shown only when the advert switch is on and a published
 * 页眉 advert exists (pageNo 1, pageSize 1); 100 px high; once closed, closed for the rest of the visit
 * (HEADER_AD_CLOSED_COOKIE), until another advert takes its place.
 * Any failure simply leaves it out.
 */
export async function loadHeaderAdvert(): Promise<HeaderAd | null> {
  const sw = await api.base.getModularSwitch({ moduleName: 'advert' }, { silent: true });
  if (sw.switchValue !== 1) return null;
  const page = await api.advert.selectAdvertList({ pageNo: 1, pageSize: 1, advertPosition: '页眉' }, { silent: true });
  const ad = page.results[0];
  const img = ad ? firstCoverUrl(ad.imgUrl) : '';
  return ad && img ? { id: ad.id, name: ad.name, href: ad.adUrl, img } : null;
}

/** The id of the advert closed in this visit (a session cookie, read by the server too), or null. */
function closedAdvertId(): number | null {
  if (typeof document === 'undefined') return null;
  const m = document.cookie.match(new RegExp(`(?:^|;\\s*)${HEADER_AD_CLOSED_COOKIE}=(\\d+)`));
  return m ? Number(m[1]) : null;
}

function rememberClosed(id: number) {
  // No expiry: the browser forgets it when the visit ends.
  document.cookie = `${HEADER_AD_CLOSED_COOKIE}=${id}; path=/; SameSite=Lax`;
}

/** The page keeps the advert's height from its first paint (index.html); without an advert it goes. */
function releaseReservedSpace() {
  // The reply can come after the page (or a test's document) is gone.
  if (typeof document === 'undefined') return;
  document.getElementById('qy-header-ad')?.classList.remove('qy-header-ad--reserved');
}

/**
 * The server draws the advert into the page (data-qy-static) so it shows before any script; the chrome
 * takes its place with its own, closable one, in the same frame (a layout effect), or removes it.
 */
function removeServerDrawn() {
  if (typeof document === 'undefined') return;
  document.querySelectorAll('#qy-header-ad > [data-qy-static]').forEach((node) => node.remove());
}

export function HeaderAdvert() {
  const [ad, setAd] = useState<HeaderAd | null>(null);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    let live = true;
    const none = () => {
      removeServerDrawn();
      releaseReservedSpace();
    };
    loadHeaderAdvert().then((a) => {
      const shown = a && a.id !== closedAdvertId() ? a : null;
      if (!shown) none();
      if (live) setAd(shown);
    }, none);
    return () => {
      live = false;
    };
  }, []);
  useLayoutEffect(() => {
    if (ad) removeServerDrawn();
  }, [ad]);
  useEffect(() => {
    if (closed) releaseReservedSpace();
  }, [closed]);
  if (!ad || closed) return null;
  const image = <img src={ad.img} alt={ad.name} />;
  return (
    <aside className="qy-header-ad" aria-label={CHROME_MSG.headerAdvert} style={{ height: HEADER_AD_HEIGHT_PX }}>
      {/^https?:\/\//.test(ad.href) ? (
        <a className="qy-header-ad__link" href={ad.href} target="_blank" rel="noopener noreferrer">
          {image}
        </a>
      ) : ad.href ? (
        <ChromeLink className="qy-header-ad__link" to={ad.href}>
          {image}
        </ChromeLink>
      ) : (
        <span className="qy-header-ad__link">{image}</span>
      )}
      <button type="button" className="qy-header-ad__close" aria-label={CHROME_MSG.closeAdvert} onClick={() => {
          rememberClosed(ad.id);
          setClosed(true);
        }}>
        <CloseIcon />
      </button>
    </aside>
  );
}
