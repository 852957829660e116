import { formatAuthors, type PeriodicalArticle } from '@qianyan/shared';
import { Link } from 'react-router-dom';
import { RULED_LIST } from '@qianyan/shared/plain';
import { articleHref, commentaryHref, detailHref } from '../article-list/ArticleListItem';

/** Journal or digest items of a weekly group: type, title (to /article-info) and up to 3 authors. */
export function PeriodArticleList({ items, label }: { items: PeriodicalArticle[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <div className="qy-period-col">
      <h4 className="qy-period-col__head">{label}</h4>
      <ul className={`qy-period-items ${RULED_LIST}`}>
        {items.map((a) => (
          <li key={a.id}>
            <p className="qy-period-items__meta">{a.filterName && <span className="qy-home-kind">{a.filterName}</span>}</p>
            <Link to={articleHref(a.permalinks)} className="qy-period-items__title">
              {a.title}
            </Link>
            {a.author && <p className="qy-period-items__authors">{formatAuthors(a.author)}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Side items: animations (to their player page) or commentaries (to /article-particulars). */
export function PeriodSideList({ items, label, kind }: { items: PeriodicalArticle[]; label: string; kind: 'animation' | 'commentary' }) {
  if (items.length === 0) return null;
  return (
    <div className="qy-period-side">
      <h4 className="qy-period-col__head">{label}</h4>
      <ul className="qy-period-side__list">
        {items.map((a) => (
          <li key={a.id}>
            <Link to={kind === 'animation' ? detailHref(a) : commentaryHref(a)}>
              {kind === 'animation' && a.thumb && <img src={a.thumb} alt="" loading="lazy" />}
              <span>{a.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
