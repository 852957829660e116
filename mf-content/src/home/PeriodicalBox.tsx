import { api, formatAuthors, useApiQuery, type PeriodicalArticle } from '@qianyan/shared';
import { Link } from 'react-router-dom';
import { articleHref } from '../article-list/hrefs';
import { PlainEmptyState, PlainErrorState, PlainSkeleton } from '@qianyan/shared/plain';
import { HOME_TEXT, PERIOD_TEXT } from '../portal/messages';
import { periodHref } from '../periodical/periodQuery';
import { ArrowRightIcon } from '../common/icons';

function Item({ a }: { a: PeriodicalArticle }) {
  return (
    <li className="qy-period-box__item">
      {a.filterName && <span className="qy-home-kind">{a.filterName}</span>}
      <Link to={articleHref(a.permalinks)}>{a.title}</Link>
      {a.author && <span className="qy-period-box__author">{formatAuthors(a.author)}</span>}
    </li>
  );
}

/** The latest translated periodical (spec §2.2): the newest weekly issue, linking to its month. */
export function PeriodicalBox() {
  const query = useApiQuery(() => api.periodical.newestArticle({ silent: true }), []);
  const week = query.data;
  const journal = week?.articleMap['5'] ?? [];
  const digest = week?.articleMap['6'] ?? [];
  const date = week?.articleWeeklyPo.thedate ?? '';
  return (
    <section className="qy-card qy-home-block qy-period-box" aria-labelledby="qy-period-box-title">
      <div className="qy-home-section-head">
        <h2 id="qy-period-box-title">{HOME_TEXT.periodical}</h2>
        {date && (
          <Link className="qy-home-more" to={periodHref(Number(date.slice(0, 4)), Number(date.slice(5, 7)))}>
            {HOME_TEXT.periodicalMore}
            <ArrowRightIcon />
          </Link>
        )}
      </div>
      {query.loading && !week ? (
        <PlainSkeleton rows={5} />
      ) : query.error ? (
        <PlainErrorState message={query.error.message} onRetry={query.reload} />
      ) : !week || journal.length + digest.length === 0 ? (
        <PlainEmptyState />
      ) : (
        <>
          <p className="qy-period-box__issue">
            <span>{week.articleWeeklyPo.title}</span>
            <Link to="/latest-periodical">{HOME_TEXT.latestIssue}</Link>
          </p>
          {journal.length > 0 && (
            <>
              <h3 className="qy-period-box__group">{PERIOD_TEXT.journal}</h3>
              <ul className="qy-period-box__list">{journal.slice(0, 6).map((a) => <Item key={a.id} a={a} />)}</ul>
            </>
          )}
          {digest.length > 0 && (
            <>
              <h3 className="qy-period-box__group">{PERIOD_TEXT.digest}</h3>
              <ul className="qy-period-box__list">{digest.slice(0, 4).map((a) => <Item key={a.id} a={a} />)}</ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
