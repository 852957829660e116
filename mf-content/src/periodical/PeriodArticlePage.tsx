import { api, useApiQuery, type WeeklyRecord } from '@qianyan/shared';
import { PlainEmptyState, PlainErrorState, PlainSkeleton } from '@qianyan/shared/plain';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle } from '../messages';
import { PERIOD_TEXT } from '../portal/messages';
import { PeriodArticleList, PeriodSideList } from './PeriodItems';
import { monthKey, periodYears, pickMonth, readPeriodQuery } from './periodQuery';
import '../common/common.css';
import './periodical.css';

/** One weekly group: journal (and digest) articles on the left; 动画解读, 述评 and the catalogue on the right. */
export function WeeklyGroup({ week, month }: { week: WeeklyRecord; month?: string }) {
  const po = week.articleWeeklyPo;
  const map = week.articleMap;
  const anim = map['7'] ?? [];
  const comm = map['1'] ?? [];
  const headingId = `qy-week-${po.id}`;
  return (
    <section className="qy-card qy-week" aria-labelledby={headingId}>
      <header className="qy-week__head">
        <h3 id={headingId}>{po.title}</h3>
        <time dateTime={po.thedate}>{po.thedate}</time>
      </header>
      <div className="qy-week__body">
        <div className="qy-week__main">
          <PeriodArticleList items={map['5'] ?? []} label={PERIOD_TEXT.journal} />
          <PeriodArticleList items={map['6'] ?? []} label={PERIOD_TEXT.digest} />
        </div>
        {(anim.length > 0 || comm.length > 0 || po.catalogPermalinks) && (
          <aside className="qy-week__side">
            <PeriodSideList items={anim} label={PERIOD_TEXT.animations} kind="animation" />
            <PeriodSideList items={comm} label={PERIOD_TEXT.commentaries} kind="commentary" />
            {po.catalogPermalinks && (
              <Link
                className="qy-week__catalog"
                to={`/nejm-catalog?permalinks=${encodeURIComponent(po.catalogPermalinks)}${month ? `&month=${month}` : ''}`}
              >
                {PERIOD_TEXT.catalog}
              </Link>
            )}
          </aside>
        )}
      </div>
    </section>
  );
}

/** /period-article (spec §2.12): a year selector, month tabs of months with data, weekly groups. */
export function PeriodArticlePage() {
  useDocumentTitle(pageTitle(PERIOD_TEXT.title));
  const currentYear = new Date().getFullYear();
  const [params, setParams] = useSearchParams();
  const { year, month: asked } = readPeriodQuery(params, currentYear);

  const months = useApiQuery(
    async () => ({ year, list: await api.periodical.getMonthOfQiKanYear({ year }, { silent: true }) }),
    [year],
  );
  // The months of the year in the URL only: the previous year's list must not pick this year's month.
  const current = months.data?.year === year ? months.data.list : undefined;
  const available = current ?? [];
  const month = current ? pickMonth(available, asked) : null;

  // The URL always names the month shown (the newest by default), so a shared link opens the same page.
  useEffect(() => {
    if (!current || months.loading) return;
    const want = month === null ? null : String(month);
    if (params.get('year') !== String(year) || params.get('month') !== want) {
      const next = new URLSearchParams(params);
      next.set('year', String(year));
      if (want) next.set('month', want);
      else next.delete('month');
      setParams(next, { replace: true });
    }
  }, [current, months.loading, month, year, params, setParams]);

  const weeks = useApiQuery(
    async () => (month === null ? null : api.periodical.selectQiKanList({ month: monthKey(year, month), pageNo: 1, pageSize: 20 }, { silent: true })),
    [year, month],
  );

  const choose = (y: number, m: number | null) => {
    const next = new URLSearchParams();
    next.set('year', String(y));
    if (m !== null) next.set('month', String(m));
    setParams(next);
  };

  return (
    <div className="qy-page qy-period">
      <div className="qy-period__head">
        <h1>{PERIOD_TEXT.title}</h1>
        <label className="qy-period__year">
          <span>{PERIOD_TEXT.year}</span>
          <select value={year} onChange={(e) => choose(Number(e.target.value), null)}>
            {periodYears(currentYear).map((y) => (
              <option key={y} value={y}>
                {PERIOD_TEXT.yearOption(y)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {months.error ? (
        <PlainErrorState message={months.error.message} onRetry={months.reload} />
      ) : !current ? (
        <PlainSkeleton title rows={2} />
      ) : available.length === 0 ? (
        <PlainEmptyState text={PERIOD_TEXT.noMonths} />
      ) : (
        <div className="qy-period__months" role="tablist" aria-label={PERIOD_TEXT.yearOption(year)}>
          {available.map((m) => (
            <button key={m} type="button" role="tab" aria-selected={m === month} className={m === month ? 'is-active' : undefined} onClick={() => choose(year, m)}>
              {PERIOD_TEXT.month(m)}
            </button>
          ))}
        </div>
      )}
      {month !== null && (
        <div className="qy-period__weeks" role="tabpanel" aria-label={PERIOD_TEXT.month(month)}>
          {weeks.error ? (
            <PlainErrorState message={weeks.error.message} onRetry={weeks.reload} />
          ) : !weeks.data || weeks.loading ? (
            <PlainSkeleton title rows={6} />
          ) : weeks.data.results.length === 0 ? (
            <PlainEmptyState />
          ) : (
            weeks.data.results.map((w) => <WeeklyGroup key={w.articleWeeklyPo.id} week={w} month={monthKey(year, month)} />)
          )}
        </div>
      )}
    </div>
  );
}
