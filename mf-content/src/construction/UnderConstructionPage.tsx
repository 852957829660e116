import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { LIST_PAGE_INFO, pageTitle, TEXT } from '../messages';
import '../common/common.css';
import './construction.css';

/** A centred card: label, the page's h1, a sentence, the links home and to the journal list, then `children`. */
export function Panel({ label, title, text, children }: { label: string; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="qy-page">
      <section className="qy-card qy-construction" aria-labelledby="qy-construction-title">
        <p className="qy-construction-label">{label}</p>
        <h1 id="qy-construction-title">{title}</h1>
        <p className="qy-construction-text">{text}</p>
        <nav className="qy-construction-links" aria-label={TEXT.explore}>
          <Link className="qy-construction-link qy-construction-link-primary" to="/index">
            {TEXT.home}
          </Link>
          <Link className="qy-construction-link" to="/nejm-list">
            {LIST_PAGE_INFO['/nejm-list'].name}
          </Link>
        </nav>
        {children}
      </section>
    </div>
  );
}

/**
 * The honest placeholder for a section that has no screen yet: its name, a sentence saying it is
 * being prepared, and the way back to what exists.
 */
export function UnderConstructionPage({ name }: { name: string }) {
  useDocumentTitle(pageTitle(name));
  return <Panel label={TEXT.underConstruction} title={name} text={TEXT.underConstructionText(name)} />;
}

/** A path inside this app's prefixes that names no page. */
export function NotFoundPage() {
  useDocumentTitle(pageTitle(TEXT.notFound));
  return <Panel label="404" title={TEXT.notFound} text={TEXT.notFoundText} />;
}
