import { PlayCircleFilled, SoundFilled } from '@ant-design/icons';
import { api, formatDate, fromApiDate, SOURCE, toApiRange, useApiQuery } from '@qianyan/shared';
import { CARD_GRID, COVER_IMG } from '@qianyan/shared/plain';
import { PlainEmptyState, PlainErrorState, PlainPagination, PlainSkeleton } from '@qianyan/shared/plain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { detailHref } from '../article-list/ArticleListItem';
import { LIST_BOUNDS } from '../article-list/dates';
import { RangeField } from '../article-list/RangeField';
import { ClassTags } from '../common/ClassTags';
import { useArticleClasses } from '../common/useArticleClasses';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle, TEXT } from '../messages';
import { MEDIA_TEXT as T } from '../portal/messages';
import {
  MEDIA_PAGE_SIZE,
  readMediaQuery,
  SUBJECTS_COLLAPSE_OVER,
  SUBJECTS_SHOWN,
  toggleClass,
  writeMediaQuery,
  type MediaQuery,
} from './mediaQuery';
import '../common/common.css';
import './media.css';

export type MediaKind = 'animation' | 'audio';

/** The audio page of an item; animations use detailHref (/animation-particulars). */
const itemHref = (kind: MediaKind, permalinks: string, sourceid: number) =>
  kind === 'audio' ? `/audio-particulars?permalinks=${encodeURIComponent(permalinks)}` : detailHref({ sourceid, permalinks });

/** /animation-list and /audio-list (spec §2.10): 3 columns, 9 a page, sort, subjects and dates in the URL. */
export function MediaListPage({ kind }: { kind: MediaKind }) {
  const title = kind === 'animation' ? T.animationTitle : T.audioTitle;
  useDocumentTitle(pageTitle(title));
  const [params, setParams] = useSearchParams();
  const q = readMediaQuery(params);
  const { classes, codeByName } = useArticleClasses();
  const [expanded, setExpanded] = useState(false);
  const start = fromApiDate(q.startDate);
  const end = fromApiDate(q.endDate);

  const set = (next: MediaQuery) => setParams(writeMediaQuery(next));
  const list = useApiQuery(
    () =>
      api.article.selectArticleList(
        {
          pageNo: q.page,
          pageSize: MEDIA_PAGE_SIZE,
          sourceIds: [kind === 'animation' ? SOURCE.animation : SOURCE.audio],
          sortType: q.sortType,
          ...(q.classIds.length ? { articleClassIds: q.classIds } : {}),
          ...(q.startDate ? { startDate: q.startDate, endDate: q.endDate } : {}),
        },
        { silent: true },
      ),
    [kind, q.page, q.sortType, q.classIds.join(','), q.startDate, q.endDate],
  );

  const subjects = classes;
  const collapsible = subjects.length > SUBJECTS_COLLAPSE_OVER;
  const shown = collapsible && !expanded ? subjects.slice(0, SUBJECTS_SHOWN) : subjects;
  const items = list.data?.results ?? [];
  const total = list.data?.page.total ?? 0;

  return (
    <div className="qy-page qy-media">
      <header className="qy-media__head">
        <h1>{title}</h1>
        <p>{kind === 'animation' ? T.animationIntro : T.audioIntro}</p>
      </header>
      <section className="qy-card qy-media__filters" aria-label={TEXT.filters}>
        <div className="qy-media__row">
          <span className="qy-media__label">{TEXT.sort}</span>
          <div className="qy-media__chips" role="group" aria-label={TEXT.sort}>
            {(
              [
                [0, T.sortNewest],
                [1, T.sortOldest],
                [2, T.sortHottest],
              ] as const
            ).map(([value, label]) => (
              <button key={value} type="button" aria-pressed={q.sortType === value} onClick={() => set({ ...q, sortType: value, page: 1 })}>
                {label}
              </button>
            ))}
          </div>
        </div>
        <div className="qy-media__row">
          <span className="qy-media__label">{T.subjects}</span>
          <div className="qy-media__chips" role="group" aria-label={T.subjects}>
            <button type="button" aria-pressed={q.classIds.length === 0} onClick={() => set({ ...q, classIds: [], page: 1 })}>
              {T.all}
            </button>
            {shown.map((c) => (
              <button key={c.id} type="button" aria-pressed={q.classIds.includes(c.id)} onClick={() => set(toggleClass(q, c.id))}>
                {c.classname}
              </button>
            ))}
            {collapsible && (
              <button type="button" className="qy-media__expand" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
                {expanded ? T.collapse : T.expand}
              </button>
            )}
          </div>
        </div>
        <div className="qy-media__row">
          <span className="qy-media__label">{T.dateRange}</span>
          {/* The same 开始日期 → 结束日期 range picker as the article lists (2010-01-01 to today). */}
          <div className="qy-media__dates" role="group" aria-label={T.dateRange}>
            <RangeField
              value={start && end ? [start, end] : null}
              bounds={LIST_BOUNDS}
              onChange={(range) => {
                const r = toApiRange(range);
                set({ ...q, startDate: r.startDate ?? '', endDate: r.endDate ?? '', page: 1 });
              }}
            />
            {(q.startDate || q.classIds.length > 0 || q.sortType !== 0) && (
              <button
                type="button"
                className="qy-media__clear"
                onClick={() => set({ sortType: 0, classIds: [], startDate: '', endDate: '', page: 1 })}
              >
                {TEXT.clearFilters}
              </button>
            )}
          </div>
        </div>
      </section>

      {list.error ? (
        <PlainErrorState message={list.error.message} onRetry={list.reload} />
      ) : list.loading && !list.data ? (
        <PlainSkeleton title rows={8} />
      ) : items.length === 0 ? (
        <PlainEmptyState />
      ) : (
        <>
          <p className="qy-media__total">{T.total(total)}</p>
          <ul className={`qy-media__grid ${CARD_GRID}`} aria-label={title}>
            {items.map((a) => (
              <li key={a.id} className="qy-card qy-media-card">
                {/* The picture repeats the title's link: for the mouse only (one tab stop, one name per card). */}
                <Link to={itemHref(kind, a.permalinks, a.sourceid)} className="qy-media-card__cover" tabIndex={-1} aria-hidden="true">
                  {a.thumb ? <img className={COVER_IMG} src={a.thumb} alt="" loading="lazy" /> : <span className="qy-media-card__blank" />}
                  <span className="qy-media-card__icon" aria-hidden="true">
                    {kind === 'animation' ? <PlayCircleFilled /> : <SoundFilled />}
                  </span>
                </Link>
                <div className="qy-media-card__body">
                  <Link to={itemHref(kind, a.permalinks, a.sourceid)} className="qy-media-card__title">
                    {a.title}
                  </Link>
                  <ClassTags classNames={a.classNames} codeByName={codeByName} />
                  <time dateTime={formatDate(a.postdate)}>{formatDate(a.postdate)}</time>
                </div>
              </li>
            ))}
          </ul>
          {total > MEDIA_PAGE_SIZE && (
            <PlainPagination
              className="qy-media__pager"
              current={q.page}
              pageSize={MEDIA_PAGE_SIZE}
              total={total}
              onChange={(page) => set({ ...q, page })}
            />
          )}
        </>
      )}
    </div>
  );
}
