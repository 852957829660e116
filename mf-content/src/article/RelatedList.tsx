import { api, formatDate, useApiQuery } from '@qianyan/shared';
import { Link } from 'react-router-dom';
import { PlainSkeleton } from '@qianyan/shared/plain';
import { ARTICLE_TEXT as T } from './messages';

/** Related items of an article (getRelationVideo, §7.5); they may be animations, so links go through the relay. */
export function RelatedList({ permalinks }: { permalinks: string }) {
  const query = useApiQuery(() => api.article.getRelationVideo({ permalinks }, { silent: true }), [permalinks]);
  const items = (query.data ?? []).slice(0, 10);
  // A failed or empty list hides the column: it is secondary to the article.
  if (!query.loading && items.length === 0) return null;
  return (
    <aside className="qy-ai-related" aria-labelledby="qy-ai-related-title">
      <h2 id="qy-ai-related-title">{T.related}</h2>
      {query.loading && items.length === 0 ? (
        <PlainSkeleton rows={5} />
      ) : (
        <ul>
          {items.map((item) => (
            <li key={`${item.sourceid}-${item.id}`}>
              <Link
                to={`/article-transfer?${new URLSearchParams({
                  sourceid: String(item.sourceid),
                  permalinks: item.permalinks,
                }).toString()}`}
              >
                {item.title}
              </Link>
              <span className="qy-ai-related-meta">
                {[item.sourceName, formatDate(item.postdate)].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
