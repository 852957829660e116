import { siteConfig } from '@qianyan/shared';
import { useEffect, useState } from 'react';
import { AndroidIcon, AppleIcon, CheckCircleIcon } from '../icons';
import { LinkButton } from '../LinkButton';
import { PAGE_MSG } from '../messages';
import { downloadTargetFor, type DownloadTarget } from './downloadTarget';
import '../pages.css';

const M = PAGE_MSG.download;

function detectTarget(): DownloadTarget {
  return downloadTargetFor(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}

/**
 * /download: phones go straight to their store or package; desktops see the choices there are. A
 * platform without a configured address (DOWNLOAD_IOS_URL, DOWNLOAD_ANDROID_URL) gets no button and
 * no redirect: the page says how to use the site itself, added to the home screen.
 */
export function DownloadPage({ redirect = (url: string) => window.location.replace(url) }: {
  redirect?: (url: string) => void;
}) {
  const [target] = useState(detectTarget);
  const { downloadIosUrl, downloadAndroidUrl } = siteConfig();
  const mobileUrl = (target === 'ios' ? downloadIosUrl : target === 'android' ? downloadAndroidUrl : '') || null;
  const noStore = target === 'ios' || target === 'android' ? !mobileUrl : !downloadIosUrl && !downloadAndroidUrl;

  useEffect(() => {
    document.title = `${M.title}${PAGE_MSG.siteSuffix}`;
    if (mobileUrl) redirect(mobileUrl);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mobileUrl]);

  if (mobileUrl) {
    return (
      <div className="qy-page qy-download qy-download--redirect">
        <h1 className="qy-download__name">{M.appName}</h1>
        <p>{M.redirecting}</p>
        <a href={mobileUrl}>{M.redirectManual}</a>
      </div>
    );
  }

  return (
    <div className="qy-page qy-download">
      <section className="qy-download__card" aria-labelledby="qy-download-title">
        <div className="qy-download__icon" aria-hidden="true">
          千
        </div>
        <h1 id="qy-download-title" className="qy-download__name">
          {M.appName}
        </h1>
        <p className="qy-download__pitch">{M.pitch}</p>
        <ul className="qy-download__features">
          {M.features.map((f) => (
            <li key={f}>
              <CheckCircleIcon /> {f}
            </li>
          ))}
        </ul>
        {noStore ? (
          <>
            <p className="qy-download__tip">{M.notYet}</p>
            <section className="qy-download__install" aria-labelledby="qy-download-install">
              <h2 id="qy-download-install">{M.installTitle}</h2>
              <ul>
                {target !== 'android' && <li>{M.installIos}</li>}
                {target !== 'ios' && <li>{M.installAndroid}</li>}
              </ul>
            </section>
            <div className="qy-download__buttons">
              <LinkButton primary href="/index">
                {M.openSite}
              </LinkButton>
            </div>
          </>
        ) : (
          <>
            <div className="qy-download__buttons">
              {downloadIosUrl && (
                <LinkButton primary href={downloadIosUrl} icon={<AppleIcon />}>
                  {M.ios}
                </LinkButton>
              )}
              {downloadAndroidUrl && (
                <LinkButton href={downloadAndroidUrl} icon={<AndroidIcon />}>
                  {M.android}
                </LinkButton>
              )}
            </div>
            <p className="qy-download__tip">{M.mobileTip}</p>
          </>
        )}
      </section>
    </div>
  );
}
