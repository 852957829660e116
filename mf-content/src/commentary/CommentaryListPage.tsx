import { ARTICLE_LIST_PAGE_SIZE, type ArticleListQuery } from '@qianyan/shared';
import { commentaryHref } from '../article-list/ArticleListItem';
import { FilteredListPage } from '../article-list/FilteredListPage';
import { filterQuery, type FilterFields } from '../article-list/listQuery';
import type { FilterListState } from '../article-list/useListState';
import { SCREEN_INFO } from '../messages';

/** The commentary list filters by disease area only (spec §2.1); the choice is kept in the URL. */
const FIELDS: FilterFields = { sort: false, classes: true, dates: false };

/** The request: articles carrying a commentary (haswantsay 1), 20 per page, optionally of some areas. */
export function commentaryQuery(state: FilterListState): ArticleListQuery {
  return { pageNo: state.page, pageSize: ARTICLE_LIST_PAGE_SIZE, haswantsay: 1, ...filterQuery(state) };
}

/** Expert commentary (述评) list; each item opens its commentary detail, /article-particulars. */
export function CommentaryListPage() {
  const info = SCREEN_INFO.commentary;
  return (
    <FilteredListPage
      title={info.name}
      intro={info.intro}
      fields={FIELDS}
      toQuery={commentaryQuery}
      hrefOf={commentaryHref}
    />
  );
}
