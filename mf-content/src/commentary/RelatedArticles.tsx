import { api, formatDate, useApiQuery } from '@qianyan/shared';
import { SideLinkList } from '@qianyan/shared/plain';
import { Link } from 'react-router-dom';
import { detailHref } from '../article-list/ArticleListItem';
import { moreHref } from '../professional-more/moreQuery';
import { COMMENTARY_TEXT as T } from './messages';

/** Related articles are asked for 10 at a time (spec §9 "related articles 10"). */
export const RELATED_PAGE_SIZE = 10;
/** With more than 10, the column shows 5 and links to /professional-more for the rest. */
export const RELATED_SHOWN_WITH_MORE = 5;

/**
 * Articles related to a commentary by its relation ids (spec §2.1): selectArticleList with articleIds,
 * page 1, size 10. Up to 10 show; when the total exceeds 10, 5 show with a link to all of them.
 */
export function RelatedArticles({ articleIds }: { articleIds: number[] }) {
  const key = articleIds.join(',');
  const query = useApiQuery(
    () =>
      articleIds.length === 0
        ? Promise.resolve(null)
        : api.article.selectArticleList({ pageNo: 1, pageSize: RELATED_PAGE_SIZE, articleIds }, { silent: true }),
    [key],
  );
  const total = query.data?.page.total ?? 0;
  const many = total > RELATED_PAGE_SIZE;
  const items = (query.data?.results ?? []).slice(0, many ? RELATED_SHOWN_WITH_MORE : RELATED_PAGE_SIZE).map((item) => ({
    key: String(item.id),
    to: detailHref(item),
    title: item.title,
    meta: [item.sourceName, formatDate(item.postdate)].filter(Boolean).join(' · '),
  }));
  // A failed or empty list hides the column: it is secondary to the commentary.
  if (articleIds.length === 0) return null;
  return (
    <SideLinkList
      title={T.related}
      items={items}
      loading={query.loading}
      link={Link}
      className="qy-ai-related"
      footer={many && <Link to={moreHref(articleIds)}>{T.relatedMore(total)}</Link>}
    />
  );
}
