import { useSearchParams } from 'react-router-dom';
import { DetailPending, Html, NotFoundPanel } from '../article/DetailStates';
import { ShareBar } from '../article/ShareBar';
import { articleRefOf, useArticleDetail } from '../article/useArticleDetail';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle } from '../messages';
import { PERIOD_TEXT } from '../portal/messages';
import '../common/common.css';
import './periodical.css';

/**
 * /nejm-catalog (spec §2.12): a weekly catalogue's title and keywords with a collect button, and its
 * contents. permalinks names it; month, catalogIndex and prev are accepted. The single sign-on data
 * parameter is exchanged by the shell for every page; the `sg` rule of §4 is not built (the spec does
 * not say which value clears the user).
 */
export function NejmCatalogPage() {
  const [params] = useSearchParams();
  const query = useArticleDetail(articleRefOf(params));
  const detail = query.data?.detail;
  useDocumentTitle(pageTitle(detail?.title || PERIOD_TEXT.catalogTitle));
  if (query.notFound) return <NotFoundPanel />;
  if (!detail) return <DetailPending name={PERIOD_TEXT.catalogTitle} loading={query.loading} error={query.error} onRetry={query.reload} />;
  const keywords = (detail.keyword ?? '')
    .split(/[,，;；、]/)
    .map((k) => k.trim())
    .filter(Boolean);
  return (
    <div className="qy-page qy-period">
      <article className="qy-card qy-catalog">
        <h1>{detail.title}</h1>
        {keywords.length > 0 && (
          <p className="qy-catalog__keywords">
            <span>{PERIOD_TEXT.keywords}：</span>
            {keywords.join('；')}
          </p>
        )}
        <ShareBar articleId={detail.id} ifCollect={detail.ifCollect} title={detail.title} outlink={detail.outlink} />
        {detail.content && <Html html={detail.content} className="qy-catalog__body" />}
      </article>
    </div>
  );
}
