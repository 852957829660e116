// Rows of the favourite and reading lists, like the article lists' rows (§2.10): source and type,
// title, up to 3 authors, disease-area tags and date; favourites carry a remove icon.
import {
  firstCoverUrl,
  formatAuthors,
  formatDate,
  SOURCE,
  splitClassNames,
  type ArticleListItem,
  type LessonCard,
} from '@qianyan/shared/core';
import { LoadingIcon, PlayCircleIcon, SoundIcon, StarFilledIcon } from '@qianyan/shared/plain';
import { Link } from 'react-router-dom';
import { PERSONAL_TEXT as T } from '../messages';
import { articleRecordHref, COURSE_TYPE_OPTIONS, courseRecordHref } from './recordsQuery';

function RemoveButton({ onRemove, busy }: { onRemove?: () => void; busy?: boolean }) {
  if (!onRemove) return null;
  // antd's small icon-only text button, drawn plainly (records.css); it waits while the removal runs.
  return (
    <button
      type="button"
      className={busy ? 'qy-rec-item__remove is-loading' : 'qy-rec-item__remove'}
      aria-label={T.removeCollect}
      title={T.removeCollect}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) onRemove();
      }}
    >
      {busy ? <LoadingIcon /> : <StarFilledIcon />}
    </button>
  );
}

function Tags({ classNames }: { classNames: string }) {
  const names = splitClassNames(classNames);
  if (!names.length) return null;
  return (
    <span className="qy-rec-item__tags">
      {names.map((n) => (
        <span key={n} className="qy-rec-tag">
          {n}
        </span>
      ))}
    </span>
  );
}

const kindOf = (item: Pick<ArticleListItem, 'typeName' | 'filterName'>) =>
  [...new Set([item.typeName, item.filterName].filter(Boolean))].join(' · ');

export function ArticleRecord({ item, onRemove, busy }: { item: ArticleListItem; onRemove?: () => void; busy?: boolean }) {
  const authors = formatAuthors(item.author || item.pcauthor);
  const kind = kindOf(item);
  const media = item.sourceid === SOURCE.animation ? <PlayCircleIcon /> : item.sourceid === SOURCE.audio ? <SoundIcon /> : null;
  return (
    <article className="qy-rec-item">
      <div className="qy-rec-item__meta">
        <span className="qy-rec-item__source">
          {media && (
            <span aria-hidden="true">
              <span className="qy-rec-item__icon">{media}</span>{' '}
            </span>
          )}
          {item.sourceName}
        </span>
        {kind && <span className="qy-rec-item__kind">{kind}</span>}
        <RemoveButton onRemove={onRemove} busy={busy} />
      </div>
      <h3 className="qy-rec-item__title">
        <Link to={articleRecordHref(item)}>{item.title}</Link>
      </h3>
      {authors && <p className="qy-rec-item__authors">{authors}</p>}
      <div className="qy-rec-item__foot">
        <Tags classNames={item.classNames} />
        <time className="qy-rec-item__date" dateTime={formatDate(item.postdate)}>
          {formatDate(item.postdate)}
        </time>
      </div>
    </article>
  );
}

const courseTypeLabel = (serType: number) => COURSE_TYPE_OPTIONS.find((o) => (o.subjectSerType as readonly number[]).includes(serType))?.label ?? '';

export function CourseRecord({ card, onRemove, busy }: { card: LessonCard; onRemove?: () => void; busy?: boolean }) {
  const href = courseRecordHref(card);
  const cover = firstCoverUrl(card.coverPc) || firstCoverUrl(card.coverMobile);
  const title = href ? <Link to={href}>{card.title}</Link> : card.title;
  return (
    <article className="qy-rec-item qy-rec-item--course">
      {cover ? (
        <img className="qy-rec-item__cover" src={cover} alt="" loading="lazy" />
      ) : (
        <span className="qy-rec-item__cover qy-rec-item__cover--blank" aria-hidden="true">
          <PlayCircleIcon />
        </span>
      )}
      <div className="qy-rec-item__body">
        <div className="qy-rec-item__meta">
          <span className="qy-rec-item__source">{courseTypeLabel(card.subjectSerType)}</span>
          <RemoveButton onRemove={onRemove} busy={busy} />
        </div>
        <h3 className="qy-rec-item__title">{title}</h3>
        {card.subhead && <p className="qy-rec-item__authors">{card.subhead}</p>}
        <div className="qy-rec-item__foot">
          <Tags classNames={card.classNames} />
          <time className="qy-rec-item__date" dateTime={formatDate(card.publishdate)}>
            {formatDate(card.publishdate)}
          </time>
        </div>
      </div>
    </article>
  );
}
