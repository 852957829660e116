import { FilterOutlined } from '@ant-design/icons';
import {
  api,
  ARTICLE_LIST_PAGE_SIZE,
  ARTICLE_LIST_PAGES,
  EmptyState,
  ErrorState,
  onLoggedIn,
  useApiQuery,
  useIsMobile,
  type ArticleListPath,
} from '@qianyan/shared';
import { Button, Pagination, Skeleton, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useArticleClasses } from '../common/useArticleClasses';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { LIST_PAGE_INFO, pageTitle, TEXT } from '../messages';
import { ArticleListItem } from './ArticleListItem';
import { FilterDrawer } from './FilterDrawer';
import { FilterSidebar } from './FilterSidebar';
import { hasActiveFilters, toArticleQuery, type ListFilters } from './listQuery';
import { useListState } from './useListState';
import '../common/common.css';
import './articleList.css';

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

  const query = toArticleQuery(state, path);
  const list = useApiQuery(() => api.article.selectArticleList(query, { silent: true }), [JSON.stringify(query)]);
  // Collected marks depend on the reader: reload after a login.
  useEffect(() => onLoggedIn(list.reload), [list.reload]);

  const filters: ListFilters = {
    sortType: state.sortType,
    classIds: state.classIds,
    startDate: state.startDate,
    endDate: state.endDate,
  };
  const goToPage = useCallback(
    (page: number) => {
      selectPage(page);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [selectPage],
  );

  const filterButton = isMobile ? (
    <Button icon={<FilterOutlined aria-hidden="true" />} onClick={() => setDrawerOpen(true)} className="qy-al-filter-button">
      {TEXT.filters}
      {hasActiveFilters(filters) && <span className="qy-al-filter-dot" aria-hidden="true" />}
    </Button>
  ) : undefined;

  return (
    <div className="qy-page qy-al-page">
      <header className="qy-al-head">
        <div className="qy-al-head-row">
          <h1>{info.name}</h1>
          {filterButton}
        </div>
        <p>{info.intro}</p>
      </header>
      <div className="qy-al-tabs">
        <Tabs
          activeKey={String(tab.id)}
          items={config.tabs.map((t) => ({ key: String(t.id), label: t.label }))}
          onChange={(key) => selectTab(Number(key))}
        />
      </div>
      <div className="qy-al-body">
        {!isMobile && (
          <FilterSidebar
            filters={filters}
            classes={classes}
            withClassFilter={config.withClassFilter}
            onChange={applyFilters}
          />
        )}
        <section className="qy-al-results" aria-label={TEXT.results} aria-busy={list.loading}>
          {list.loading ? (
            <div className="qy-al-loading">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} active title paragraph={{ rows: 3 }} />
              ))}
            </div>
          ) : list.error ? (
            <ErrorState message={list.error.message} onRetry={list.reload} />
          ) : !list.data || list.data.results.length === 0 ? (
            <div className="qy-al-empty">
              <EmptyState />
            </div>
          ) : (
            <>
              <p className="qy-al-count">{TEXT.total(list.data.page.total)}</p>
              {list.data.results.map((item) => (
                <ArticleListItem key={item.id} item={item} codeByName={codeByName} />
              ))}
              <Pagination
                className="qy-al-pagination"
                current={state.page}
                pageSize={ARTICLE_LIST_PAGE_SIZE}
                total={list.data.page.total}
                showSizeChanger={false}
                showLessItems={isMobile}
                hideOnSinglePage
                onChange={goToPage}
              />
            </>
          )}
        </section>
      </div>
      {isMobile && (
        <FilterDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          onApply={applyFilters}
          filters={filters}
          classes={classes}
          withClassFilter={config.withClassFilter}
        />
      )}
    </div>
  );
}
