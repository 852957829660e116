import {
  api,
  courseClick,
  performCourseClick,
  SOURCE,
  useApiQuery,
  useIsMobile,
  useSession,
  type ArticleFilter,
} from '@qianyan/shared';
import { PlainButton, PlainEmptyState, PlainErrorState, PlainPagination, PlainSkeleton, PlainTabPanel, PlainTabs } from '@qianyan/shared/plain';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FilterButton, ListHeader } from '../article-list/ListParts';
import { useArticleClasses } from '../common/useArticleClasses';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { MORE_TEXT, pageTitle, SEARCH_TEXT } from '../messages';
import { forgetScroll, rememberScroll, takeScroll } from './searchCache';
import { LazySearchDrawer, SearchSidebar, type FilterOptions } from './SearchFilters';
import {
  EMPTY_SEARCH_FILTERS,
  hasActiveSearchFilters,
  parseSearchState,
  SEARCH_PAGE_SIZES,
  SEARCH_TABS,
  tabOf,
  toSearchRequest,
  writeSearchState,
  type SearchFilters,
  type SearchKey,
  type SearchPageSize,
  type SearchState,
} from './searchQuery';
import { ArticleResult, CourseResult, useResultCollect } from './SearchResultItem';
import { useSearchResults } from './useSearchResults';
import '../common/common.css';
import '../article-list/articleList.css';
import './search.css';

/** Prefix of the tabs' and their panel's ids. */
const TABS_ID = 'qy-sr-tabs';

const NO_OPTIONS: ArticleFilter[] = [];

/** The multi-select options of a tab: disease areas, course subjects, journal and digest types. */
function useFilterOptions(key: SearchKey): FilterOptions & { codeByName: Map<string, number> } {
  const { classes, codeByName } = useArticleClasses();
  const tab = tabOf(key);
  const subjects = useApiQuery(
    () =>
      tab.subjects
        ? api.conference.subject({ silent: true }).then((list) => list.map((s) => ({ id: s.id, filtername: s.classname })))
        : Promise.resolve(NO_OPTIONS),
    [tab.subjects],
  );
  const types = useApiQuery(
    () =>
      tab.types
        ? Promise.all([
            api.article.selectArticleFilter({ sourceId: SOURCE.journal }, { silent: true }),
            api.article.selectArticleFilter({ sourceId: SOURCE.digest }, { silent: true }),
          ])
        : Promise.resolve([NO_OPTIONS, NO_OPTIONS]),
    [tab.types],
  );
  const typeGroups = useMemo(
    () => [
      { legend: MORE_TEXT.journalTypes, options: types.data?.[0] ?? NO_OPTIONS },
      { legend: MORE_TEXT.digestTypes, options: types.data?.[1] ?? NO_OPTIONS },
    ],
    [types.data],
  );
  return { classes, codeByName, subjects: subjects.data ?? NO_OPTIONS, typeGroups };
}

/** The search state in the URL; every change is a new history entry (spec §4 search). */
function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchState(params), [params]);
  const write = useCallback((next: SearchState) => setParams(writeSearchState(next)), [setParams]);
  return [state, write] as const;
}

/**
 * Puts the page back where it was left when it shows again (spec §2.1: /search is kept alive): the
 * position is remembered when a result opens or the page moves on, and restored once the results show.
 */
function useScrollKeeper(url: string, ready: boolean) {
  const pending = useRef<{ url: string; top: number | undefined }>({ url: '', top: undefined });
  useLayoutEffect(() => {
    if (pending.current.url !== url) pending.current = { url, top: takeScroll(url) };
    if (ready && pending.current.top !== undefined) {
      window.scrollTo(0, pending.current.top);
      pending.current.top = undefined;
    }
  }, [url, ready]);
  // Whatever opens next (a result, another app's page) starts at the top.
  useEffect(() => () => window.scrollTo(0, 0), []);
  return useCallback(() => rememberScroll(url), [url]);
}

/**
 * /search?query= (spec §2.13): tabs by key, filters, the total, results with highlights, and the pager.
 * Its first view loads no antd: the phone's filter drawer (antd's Drawer and Calendar) and the
 * sidebar's date picker load on first use.
 */
export function SearchPage() {
  const [state, write] = useSearchState();
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const tab = tabOf(state.key);
  const options = useFilterOptions(state.key);
  useDocumentTitle(pageTitle(state.query ? `${state.query} - ${SEARCH_TEXT.title}` : SEARCH_TEXT.title));

  const request = useMemo(() => toSearchRequest(state), [state]);
  const results = useSearchResults(request);
  const url = location.pathname + location.search;
  const remember = useScrollKeeper(url, !!results.reply);
  const { busy, toggle } = useResultCollect(results.reload);

  const filters: SearchFilters = {
    sortType: state.sortType,
    classIds: state.classIds,
    filterIds: state.filterIds,
    startDate: state.startDate,
    endDate: state.endDate,
  };

  /** A new tab resets every filter and the page (spec §4 search). */
  const selectTab = (key: string) =>
    write({ ...state, ...EMPTY_SEARCH_FILTERS, startDate: undefined, endDate: undefined, key: Number(key) as SearchKey, page: 1 });
  /** A filter change goes back to page 1. */
  const applyFilters = (f: SearchFilters) => write({ ...state, ...f, page: 1 });
  /** A page change keeps the filters; a new page size starts at page 1. */
  const selectPage = (page: number, size: number) => {
    remember();
    const pageSize = size as SearchPageSize;
    const next = pageSize !== state.pageSize ? { ...state, pageSize, page: 1 } : { ...state, page };
    forgetScroll(`${location.pathname}?${writeSearchState(next).toString()}`);
    write(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const reply = results.reply;
  const total = reply?.data.page.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));

  // A misspelled English term: the glossary's nearest term, as a search of its own (page 1, same tab).
  const didYouMean = reply?.kind === 'articles' ? reply.data.didYouMean : undefined;
  const suggestion = didYouMean ? (
    <p className="qy-sr-didyoumean">
      {SEARCH_TEXT.didYouMean}
      <Link to={`${location.pathname}?${writeSearchState({ ...state, query: didYouMean, page: 1 }).toString()}`}>{didYouMean}</Link>
    </p>
  ) : null;

  const body = !state.query ? (
    <div className="qy-al-empty">
      <PlainEmptyState text={SEARCH_TEXT.noQuery} />
    </div>
  ) : results.loading ? (
    <div className="qy-al-loading">
      {[0, 1, 2, 3].map((i) => (
        <PlainSkeleton key={i} title rows={3} />
      ))}
    </div>
  ) : results.error || !reply ? (
    <PlainErrorState message={results.error?.message} onRetry={results.retry} />
  ) : total === 0 ? (
    <div className="qy-al-empty qy-sr-empty">
      {suggestion}
      <PlainEmptyState />
    </div>
  ) : (
    <>
      {suggestion}
      <p className="qy-al-count" aria-live="polite">
        {SEARCH_TEXT.total(total)}
      </p>
      {/* Any click on a result remembers where the page was, for the way back. */}
      <div className="qy-sr-list" onClickCapture={remember}>
        {/* A page past the last result (an old link, a shorter list since): say so above the pager. */}
        {reply.data.results.length === 0 && <PlainEmptyState />}
        {reply.kind === 'courses'
          ? reply.data.results.map((card) => (
              <CourseResult
                key={card.lessonResId || card.id}
                card={card}
                mobile={isMobile}
                codeByName={options.codeByName}
                collected={!!user && !!card.ifFav}
                busy={busy === `course:${card.lessonResId || card.id}`}
                onCollect={() => void toggle({ kind: 'course', id: card.lessonResId || card.id, collected: !!user && !!card.ifFav })}
                onOpen={() => performCourseClick(courseClick(card, user), { navigate })}
              />
            ))
          : reply.data.results.map((item) => (
              <ArticleResult
                key={item.id}
                item={item}
                commentary={state.key === 1}
                codeByName={options.codeByName}
                collected={!!user && !!item.ifCollect}
                busy={busy === `article:${item.id}`}
                onCollect={() => void toggle({ kind: 'article', id: item.id, collected: !!user && !!item.ifCollect })}
              />
            ))}
      </div>
      <nav className="qy-sr-pager" aria-label={SEARCH_TEXT.pager}>
        <PlainButton disabled={state.page <= 1} onClick={() => selectPage(1, state.pageSize)}>
          {SEARCH_TEXT.firstPage}
        </PlainButton>
        <PlainPagination
          landmark={false}
          current={Math.min(state.page, lastPage)}
          pageSize={state.pageSize}
          total={total}
          lessItems
          simple={isMobile}
          sizeChanger={{ sizes: SEARCH_PAGE_SIZES, label: SEARCH_TEXT.pageSize, onChange: (size) => selectPage(1, size) }}
          onChange={(page) => selectPage(page, state.pageSize)}
        />
        <PlainButton disabled={state.page === lastPage} onClick={() => selectPage(lastPage, state.pageSize)}>
          {SEARCH_TEXT.lastPage}
        </PlainButton>
      </nav>
    </>
  );

  return (
    <div className="qy-page qy-al-page qy-sr-page">
      <ListHeader
        title={SEARCH_TEXT.heading}
        intro={state.query ? SEARCH_TEXT.intro(state.query) : undefined}
        action={
          isMobile &&
          state.query && <FilterButton active={hasActiveSearchFilters(filters)} onClick={() => setDrawerOpen(true)} />
        }
      />
      <div className="qy-al-tabs">
        <PlainTabs
          size="large"
          id={TABS_ID}
          activeKey={String(state.key)}
          items={SEARCH_TABS.map((t) => ({ key: String(t.key), label: SEARCH_TEXT.tabs[t.key] }))}
          onChange={selectTab}
        />
      </div>
      <PlainTabPanel id={TABS_ID} activeKey={String(state.key)} className={isMobile ? 'qy-sr-body' : 'qy-al-body qy-sr-body'}>
        {!isMobile && (
          <SearchSidebar
            key={`${state.key}:${state.query}`}
            tab={tab}
            filters={filters}
            options={options}
            onChange={applyFilters}
          />
        )}
        <section className="qy-al-results qy-sr-results" aria-label={SEARCH_TEXT.results} aria-busy={results.loading}>
          {body}
        </section>
      </PlainTabPanel>
      {isMobile && (
        <LazySearchDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          tab={tab}
          filters={filters}
          options={options}
          onApply={applyFilters}
        />
      )}
    </div>
  );
}
