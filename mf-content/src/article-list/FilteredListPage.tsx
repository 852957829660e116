import { useIsMobile, type ArticleListItem as Item, type ArticleListQuery } from '@qianyan/shared';
import { useState } from 'react';
import { useArticleClasses } from '../common/useArticleClasses';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle } from '../messages';
import { LazyFilterDrawer } from './LazyFilterDrawer';
import { FilterSidebar } from './FilterSidebar';
import { hasActiveFilters, type FilterFields } from './listQuery';
import { FilterButton, ListHeader, ListResults, useArticleList } from './ListParts';
import { useFilterListState, type FilterListState } from './useListState';
import '../common/common.css';
import './articleList.css';

/**
 * A list without tabs in the article-list design: the filters named by `fields` (sidebar on desktop,
 * drawer on phones) and the page live in the URL; `toQuery` turns them into the selectArticleList request.
 */
export function FilteredListPage({
  title,
  intro,
  fields,
  toQuery,
  hrefOf,
}: {
  title: string;
  intro: string;
  fields: FilterFields;
  toQuery: (state: FilterListState) => ArticleListQuery;
  hrefOf?: (item: Item) => string;
}) {
  const { state, applyFilters, selectPage } = useFilterListState(fields);
  const { classes, codeByName } = useArticleClasses();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useDocumentTitle(pageTitle(title));

  const list = useArticleList(toQuery(state));
  const { page: _page, ...filters } = state;

  return (
    <div className="qy-page qy-al-page">
      <ListHeader
        title={title}
        intro={intro}
        action={isMobile && <FilterButton active={hasActiveFilters(filters)} onClick={() => setDrawerOpen(true)} />}
      />
      <div className="qy-al-body">
        {!isMobile && <FilterSidebar filters={filters} classes={classes} fields={fields} onChange={applyFilters} />}
        <ListResults list={list} page={state.page} onPage={selectPage} codeByName={codeByName} hrefOf={hrefOf} />
      </div>
      {isMobile && (
        <LazyFilterDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          onApply={applyFilters}
          filters={filters}
          classes={classes}
          fields={fields}
        />
      )}
    </div>
  );
}
