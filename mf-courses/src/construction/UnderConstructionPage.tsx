import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle, TEXT } from '../messages';
import '../common/common.css';
import './construction.css';

function Panel({ label, title, text }: { label: string; title: string; text: string }) {
  return (
    <div className="qy-cr-page">
      <section className="qy-cr-card qy-cr-construction" aria-labelledby="qy-cr-construction-title">
        <p className="qy-cr-construction-label">{label}</p>
        <h1 id="qy-cr-construction-title">{title}</h1>
        <p className="qy-cr-construction-text">{text}</p>
        <nav className="qy-cr-construction-links" aria-label={TEXT.explore}>
          <Link className="qy-cr-construction-link qy-cr-construction-link-primary" to="/index">
            {TEXT.home}
          </Link>
          <Link className="qy-cr-construction-link" to="/nejm-list">
            {TEXT.journalList}
          </Link>
        </nav>
      </section>
    </div>
  );
}

/** The honest placeholder for a section that has no screen yet. */
export function UnderConstructionPage({ name }: { name: string }) {
  useDocumentTitle(pageTitle(name));
  return <Panel label={TEXT.underConstruction} title={name} text={TEXT.underConstructionText(name)} />;
}

/** A path inside this app's prefixes that names no page. */
export function NotFoundPage() {
  useDocumentTitle(pageTitle(TEXT.notFound));
  return <Panel label="404" title={TEXT.notFound} text={TEXT.notFoundText} />;
}
