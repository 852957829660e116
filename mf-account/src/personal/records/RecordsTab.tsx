// flag2 (我的收藏) and flag3 (阅读记录), §2.9: sub-tabs for articles (with animation and audio) and
// courses, filters, 20 a page; favourites can be removed, and the current page then reloads.
// Drawn without antd (the first view of the tab loads none): the filters' antd controls load on first use.
import { api, MSG, toast, useApiQuery, useIsMobile, type ArticleListItem, type LessonCard, type PageResult } from '@qianyan/shared/core';
import { PlainEmptyState, PlainPagination, PlainQueryPending, PlainSegmented } from '@qianyan/shared/plain';
import { useState } from 'react';
import { PERSONAL_TEXT as T } from '../messages';
import { RecordFilterBar, RecordFilterDrawer } from './RecordFilters';
import { ArticleRecord, CourseRecord } from './RecordItems';
import {
  articleQuery,
  EMPTY_RECORD_FILTERS,
  lessonQuery,
  RECORDS_PAGE_SIZE,
  type RecordFilters,
  type RecordKind,
  type RecordList,
} from './recordsQuery';
import './records.css';

type Rows = { kind: 'articles'; page: PageResult<ArticleListItem> } | { kind: 'courses'; page: PageResult<LessonCard> };

/** The call for a list, a sub-tab, its filters and a page. */
export function loadRecords(list: RecordList, kind: RecordKind, filters: RecordFilters, pageNo: number): Promise<Rows> {
  const opts = { silent: true };
  if (kind === 'articles') {
    const q = articleQuery(filters, pageNo);
    const call = list === 'favourites' ? api.user.selectMyFavArticle : api.user.selectMyReadArticle;
    return call(q, opts).then((page) => ({ kind, page }));
  }
  const q = lessonQuery(filters, pageNo);
  const call = list === 'favourites' ? api.user.selectMyFavLesson : api.user.selectMyReadLesson;
  return call(q, opts).then((page) => ({ kind, page }));
}

export function RecordsTab({ list }: { list: RecordList }) {
  const mobile = useIsMobile();
  const [kind, setKind] = useState<RecordKind>('articles');
  const [filters, setFilters] = useState<RecordFilters>(EMPTY_RECORD_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const [removing, setRemoving] = useState<number | null>(null);
  const query = useApiQuery(() => loadRecords(list, kind, filters, pageNo), [list, kind, filters, pageNo]);
  const heading = list === 'favourites' ? '我的收藏' : '阅读记录';

  // A new sub-tab starts from no filters (as the list tabs do); a filter change goes back to page 1.
  const chooseKind = (next: RecordKind) => {
    setKind(next);
    setFilters(EMPTY_RECORD_FILTERS);
    setPageNo(1);
  };
  const changeFilters = (next: RecordFilters) => {
    setFilters(next);
    setPageNo(1);
  };

  const remove = async (id: number, lesson: boolean) => {
    setRemoving(id);
    try {
      const ok = lesson ? await api.user.cancelCollectLesson({ id }) : await api.user.cancelCollect({ id });
      if (ok) toast.success(MSG.operationSuccess);
      // The last row of a later page gone: show the page before it.
      const rows = query.data?.page.results.length ?? 0;
      if (rows === 1 && pageNo > 1) setPageNo(pageNo - 1);
      else query.reload();
    } catch {
      // The API client has shown the message.
    } finally {
      setRemoving(null);
    }
  };

  const data = query.data?.kind === kind ? query.data : undefined;
  const total = data?.page.page.total ?? 0;
  const filterProps = { kind, value: filters, onChange: changeFilters };

  let body;
  if (!data) body = <PlainQueryPending query={query} rows={6} />;
  else if (data.page.results.length === 0) body = <PlainEmptyState text={MSG.empty} />;
  else
    body = (
      <div className={`qy-rec-list${query.loading ? ' qy-rec-list--loading' : ''}`} aria-busy={query.loading}>
        {data.kind === 'articles'
          ? data.page.results.map((item) => (
              <ArticleRecord
                key={item.id}
                item={item}
                busy={removing === item.id}
                onRemove={list === 'favourites' ? () => remove(item.id, false) : undefined}
              />
            ))
          : data.page.results.map((card) => (
              <CourseRecord
                key={card.lessonResId || card.id}
                card={card}
                busy={removing === card.lessonResId}
                onRemove={list === 'favourites' ? () => remove(card.lessonResId, true) : undefined}
              />
            ))}
      </div>
    );

  return (
    <section className="qy-rec" aria-label={heading}>
      <div className="qy-rec__top">
        <PlainSegmented<RecordKind>
          value={kind}
          onChange={chooseKind}
          options={[
            { value: 'articles', label: T.subTabArticles },
            { value: 'courses', label: T.subTabCourses },
          ]}
          className="qy-rec__kinds"
        />
        {mobile && <RecordFilterDrawer {...filterProps} />}
      </div>
      {!mobile && <RecordFilterBar {...filterProps} />}
      {data && data.page.results.length > 0 && <p className="qy-rec__total">{T.total(total)}</p>}
      {body}
      {total > RECORDS_PAGE_SIZE && (
        <PlainPagination
          className="qy-rec__pager"
          current={pageNo}
          pageSize={RECORDS_PAGE_SIZE}
          total={total}
          simple={mobile}
          onChange={(p) => {
            setPageNo(p);
            window.scrollTo?.({ top: 0, behavior: 'smooth' });
          }}
        />
      )}
    </section>
  );
}
