import { api, formatDate, SOURCE, useApiQuery } from '@qianyan/shared';
import { SideLinkList } from '@qianyan/shared/plain';
import { Link } from 'react-router-dom';
import { detailHref } from '../article-list/ArticleListItem';
import { MEDIA_TEXT as T } from '../portal/messages';

/** How many of the newest of the same kind the column lists. */
export const MORE_MEDIA_COUNT = 6;

const audioHref = (permalinks: string) => `/audio-particulars?permalinks=${encodeURIComponent(permalinks)}`;

/**
 * The newest animations (or audio items) other than this one, under the related reading: the page's
 * right column always has something to go on to, also when an item has no related articles.
 */
export function MoreMedia({ audio, currentId }: { audio: boolean; currentId: number }) {
  const query = useApiQuery(
    () =>
      api.article.selectArticleList(
        { pageNo: 1, pageSize: MORE_MEDIA_COUNT + 1, sourceIds: [audio ? SOURCE.audio : SOURCE.animation], sortType: 0 },
        { silent: true },
      ),
    [audio],
  );
  const items = (query.data?.results ?? [])
    .filter((a) => a.id !== currentId)
    .slice(0, MORE_MEDIA_COUNT)
    .map((a) => ({
      key: String(a.id),
      to: audio ? audioHref(a.permalinks) : detailHref(a),
      title: a.title,
      meta: formatDate(a.postdate),
    }));
  return <SideLinkList title={audio ? T.moreAudio : T.moreAnimations} items={items} loading={query.loading} link={Link} />;
}
