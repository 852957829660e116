import { api, useApiQuery } from '@qianyan/shared';
import { PlainEmptyState, PlainErrorState, PlainSkeleton } from '@qianyan/shared/plain';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle } from '../messages';
import { PERIOD_TEXT } from '../portal/messages';
import { PeriodArticleList } from './PeriodItems';
import { useKeptOffline } from './useKeptOffline';
import '../common/common.css';
import './periodical.css';

/** /latest-periodical (spec §2.12): the latest week's journal and digest articles in two columns. */
export function LatestPeriodicalPage() {
  useDocumentTitle(pageTitle(PERIOD_TEXT.latestTitle));
  const q = useApiQuery(() => api.periodical.newestArticle({ silent: true }), []);
  const week = q.data;
  const kept = useKeptOffline(week?.articleWeeklyPo.id);
  return (
    <div className="qy-page qy-period">
      <div className="qy-period__head">
        <h1>{PERIOD_TEXT.latestTitle}</h1>
        {week && <p className="qy-period__week-title">{week.articleWeeklyPo.title}</p>}
      </div>
      {kept > 0 && (
        <p className="qy-period__kept" role="status">
          {PERIOD_TEXT.keptOffline(kept)}
        </p>
      )}
      {q.error ? (
        <PlainErrorState message={q.error.message} onRetry={q.reload} />
      ) : q.loading && !week ? (
        <PlainSkeleton title rows={8} />
      ) : !week ? (
        <PlainEmptyState />
      ) : (
        <div className="qy-card qy-latest">
          <PeriodArticleList items={week.articleMap['5'] ?? []} label={PERIOD_TEXT.journal} />
          <PeriodArticleList items={week.articleMap['6'] ?? []} label={PERIOD_TEXT.digest} />
          {(week.articleMap['5'] ?? []).length + (week.articleMap['6'] ?? []).length === 0 && <PlainEmptyState />}
        </div>
      )}
    </div>
  );
}
