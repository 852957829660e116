import { ABOUT_SERVICE_KEY_STORAGE, api, useApiQuery } from '@qianyan/shared';
import { PlainEmptyState, PlainErrorState, PlainSkeleton } from '@qianyan/shared/plain';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Html } from '../article/DetailStates';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle } from '../messages';
import { ABOUT_TEXT } from '../portal/messages';
import { pickSection } from './aboutSection';
import '../common/common.css';
import './about.css';

function readServiceKey(): string | null {
  try {
    return sessionStorage.getItem(ABOUT_SERVICE_KEY_STORAGE);
  } catch {
    return null;
  }
}

/** /about (spec §2.5): the sidebar of sections from article/selectAbout; `type` or the stored service key opens one. */
export function AboutPage() {
  const [params] = useSearchParams();
  const q = useApiQuery(() => api.about.selectAbout({ silent: true }), []);
  // Read once on arrival; the key is cleared when the page is left (§2.5).
  const [serviceKey] = useState(readServiceKey);
  useEffect(
    () => () => {
      try {
        sessionStorage.removeItem(ABOUT_SERVICE_KEY_STORAGE);
      } catch {
        // Nothing stored.
      }
    },
    [],
  );
  const pages = q.data ?? [];
  const current = pickSection(pages, params.get('type'), params.get('type') ? null : serviceKey);
  useDocumentTitle(pageTitle(current?.title ?? ABOUT_TEXT.title));

  return (
    <div className="qy-page qy-about">
      {q.error ? (
        <PlainErrorState message={q.error.message} onRetry={q.reload} />
      ) : !q.data ? (
        <PlainSkeleton title rows={10} />
      ) : !current ? (
        <PlainEmptyState />
      ) : (
        <div className="qy-about__layout">
          <nav className="qy-card qy-about__nav" aria-label={ABOUT_TEXT.sections}>
            <ul>
              {pages.map((p) => (
                <li key={p.id}>
                  <Link to={`/about?type=${p.type}`} aria-current={p.id === current.id ? 'page' : undefined} className={p.id === current.id ? 'is-active' : undefined}>
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <article className="qy-card qy-about__content" aria-labelledby="qy-about-title">
            <h1 id="qy-about-title">{current.title}</h1>
            <Html html={current.content} className="qy-about__body" />
            {current.type === 'download' && (
              <p className="qy-about__download">
                <a href="/download">{ABOUT_TEXT.download}</a>
              </p>
            )}
          </article>
        </div>
      )}
    </div>
  );
}
