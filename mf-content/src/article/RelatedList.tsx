import { api, formatDate, useApiQuery } from '@qianyan/shared';
import { Link } from 'react-router-dom';
import { SideLinkList } from '@qianyan/shared/plain';
import { ARTICLE_TEXT as T } from './messages';

/** Related items of an article (getRelationVideo, §7.5); they may be animations, so links go through the relay. */
export function RelatedList({ permalinks }: { permalinks: string }) {
  const query = useApiQuery(() => api.article.getRelationVideo({ permalinks }, { silent: true }), [permalinks]);
  // A failed or empty list draws nothing: it is secondary to the article.
  const items = (query.data ?? []).slice(0, 10).map((item) => ({
    key: `${item.sourceid}-${item.id}`,
    to: `/article-transfer?${new URLSearchParams({ sourceid: String(item.sourceid), permalinks: item.permalinks }).toString()}`,
    title: item.title,
    meta: [item.sourceName, formatDate(item.postdate)].filter(Boolean).join(' · '),
  }));
  return <SideLinkList title={T.related} items={items} loading={query.loading} link={Link} className="qy-ai-related" />;
}
