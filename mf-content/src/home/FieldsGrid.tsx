import { Link } from 'react-router-dom';
import { useArticleClasses } from '../common/useArticleClasses';
import { EXTRA_FIELDS, HOME_TEXT } from '../portal/messages';

/** The professional fields grid (spec §2.2, §2.3): codes 10–70 by class, 80 述评, 90 the external campaign. */
export function FieldsGrid() {
  const { classes } = useArticleClasses();
  const fields = classes.filter((c) => c.code >= 10 && c.code <= 70).sort((a, b) => a.code - b.code);
  return (
    <section className="qy-home-block qy-fields" aria-labelledby="qy-fields-title">
      <div className="qy-home-section-head">
        <h2 id="qy-fields-title">{HOME_TEXT.fields}</h2>
      </div>
      <ul className="qy-fields__grid">
        {fields.map((c) => (
          <li key={c.code}>
            <Link className="qy-card qy-fields__item" to={`/professional-article-list?code=${c.code}`}>
              {c.xcxIconSe ? <img src={c.xcxIconSe} alt="" /> : <span className="qy-fields__badge" aria-hidden="true" />}
              <span>{c.classname}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link className="qy-card qy-fields__item" to={EXTRA_FIELDS.commentary.to}>
            <span className="qy-fields__badge is-80" aria-hidden="true">
              评
            </span>
            <span>{EXTRA_FIELDS.commentary.name}</span>
          </Link>
        </li>
        <li>
          <a className="qy-card qy-fields__item" href={EXTRA_FIELDS.tobacco.url} target="_blank" rel="noopener noreferrer">
            <span className="qy-fields__badge is-90" aria-hidden="true">
              烟
            </span>
            <span>{EXTRA_FIELDS.tobacco.name}</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
