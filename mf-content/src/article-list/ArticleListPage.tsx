import { ARTICLE_LIST_PAGES, useIsMobile, type ArticleListPath } from '@qianyan/shared';
import { PlainTabPanel, PlainTabs } from '@qianyan/shared/plain';
import { useState } from 'react';
import { useArticleClasses } from '../common/useArticleClasses';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { LIST_PAGE_INFO, pageTitle } from '../messages';
import { LazyFilterDrawer } from './LazyFilterDrawer';
import { FilterSidebar } from './FilterSidebar';
import { hasActiveFilters, toArticleQuery, type FilterFields, type ListFilters } from './listQuery';
import { FilterButton, ListHeader, ListResults, useArticleList } from './ListParts';
import { useListState } from './useListState';
import '../common/common.css';
import './articleList.css';

/** Prefix of the tabs' and their panel's ids. */
const TABS_ID = 'qy-al-list-tabs';

/** The four article list pages of spec §2.10: one design, driven by ARTICLE_LIST_PAGES[path]. */
export function ArticleListPage({ path }: { path: ArticleListPath }) {
  const config = ARTICLE_LIST_PAGES[path];
  const info = LIST_PAGE_INFO[path];
  const { state, selectTab, applyFilters, selectPage } = useListState(path);
  const { classes, codeByName } = useArticleClasses();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const tab = config.tabs.find((t) => t.id === state.type) ?? config.tabs[0];
  useDocumentTitle(pageTitle(tab.label));

  const list = useArticleList(toArticleQuery(state, path));

  const fields: FilterFields = { sort: true, classes: config.withClassFilter, dates: true };
  const filters: ListFilters = {
    sortType: state.sortType,
    classIds: state.classIds,
    startDate: state.startDate,
    endDate: state.endDate,
  };

  return (
    <div className="qy-page qy-al-page">
      <ListHeader
        title={info.name}
        intro={info.intro}
        action={isMobile && <FilterButton active={hasActiveFilters(filters)} onClick={() => setDrawerOpen(true)} />}
      />
      <div className="qy-al-tabs">
        <PlainTabs
          size="large"
          id={TABS_ID}
          activeKey={String(tab.id)}
          items={config.tabs.map((t) => ({ key: String(t.id), label: t.label }))}
          onChange={(key) => selectTab(Number(key))}
        />
      </div>
      <PlainTabPanel id={TABS_ID} activeKey={String(tab.id)} className="qy-al-body">
        {!isMobile && <FilterSidebar filters={filters} classes={classes} fields={fields} onChange={applyFilters} />}
        <ListResults list={list} page={state.page} onPage={selectPage} codeByName={codeByName} />
      </PlainTabPanel>
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
