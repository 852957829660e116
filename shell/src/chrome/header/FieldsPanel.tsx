import { ChromeLink, LinkItems } from '../navigation';
import { COMMENTARY_LINK, fieldLinks } from '../menu';
import { CHROME_MSG } from '../messages';
import type { ArticleClassesQuery } from '../useArticleClasses';

/** The 专业领域 dropdown: one link per article class, then 述评. */
export function FieldsPanel({ query, onNavigate }: { query: ArticleClassesQuery; onNavigate: () => void }) {
  const fields = fieldLinks(query.data).filter((l) => l.key !== COMMENTARY_LINK.key);
  return (
    <div className="qy-panel qy-panel--fields">
      {query.loading && !query.data && (
        <p className="qy-panel__status">
          <span className="qy-spinner" aria-hidden="true" /> {CHROME_MSG.fieldsLoading}
        </p>
      )}
      {query.error && !query.data && (
        <p className="qy-panel__status">
          {CHROME_MSG.fieldsFailed}
          <button type="button" className="qy-link-btn" onClick={query.reload}>
            {CHROME_MSG.retry}
          </button>
        </p>
      )}
      {fields.length > 0 && (
        <ul className="qy-panel__links qy-panel__links--fields">
          <LinkItems links={fields} onNavigate={onNavigate} />
        </ul>
      )}
      <div className="qy-panel__foot">
        <ChromeLink to={COMMENTARY_LINK.to} onNavigate={onNavigate}>
          {COMMENTARY_LINK.label}
        </ChromeLink>
      </div>
    </div>
  );
}
