import { VISUALLY_HIDDEN } from '@qianyan/shared/plain';
import { useEffect } from 'react';
import { ChromeLink, go } from '../../chrome/navigation';
import { LinkButton } from '../LinkButton';
import { PAGE_MSG } from '../messages';
import '../pages.css';

const M = PAGE_MSG.notFound;

/** Any path no app owns (ARCHITECTURE §3.5). */
export function NotFoundPage() {
  useEffect(() => {
    document.title = `${M.title}${PAGE_MSG.siteSuffix}`;
  }, []);
  return (
    <div className="qy-page qy-not-found">
      <section className="qy-not-found__card" aria-labelledby="qy-not-found-title">
        <p className="qy-not-found__code" aria-hidden="true">
          {M.code}
        </p>
        <h1 id="qy-not-found-title" className="qy-not-found__title">
          <span className={VISUALLY_HIDDEN}>{M.code} </span>
          {M.title}
        </h1>
        <p className="qy-not-found__text">{M.text}</p>
        <LinkButton
          primary
          href="/index"
          onClick={(e) => {
            e.preventDefault();
            go('/index');
          }}
        >
          {M.home}
        </LinkButton>
        <nav className="qy-not-found__links" aria-label={M.sections}>
          <span>{M.sections}</span>
          {M.links.map((l) => (
            <ChromeLink key={l.to} to={l.to}>
              {l.label}
            </ChromeLink>
          ))}
        </nav>
      </section>
    </div>
  );
}
