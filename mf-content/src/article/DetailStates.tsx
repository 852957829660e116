import { RichHtml, type ArticleDetail } from '@qianyan/shared';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { PlainErrorState, PlainLoadingState } from '@qianyan/shared/plain';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle } from '../messages';
import { ARTICLE_TEXT as T } from './messages';
import { useArticleDetail, type ArticleRef } from './useArticleDetail';

/** Editorial HTML (body, commentary, references), sanitised. */
export function Html({ html, className = '' }: { html: string; className?: string }) {
  return <RichHtml className={`qy-ai-html ${className}`} html={html} />;
}

/** A missing or withdrawn article (10004), or a link that names none. */
export function NotFoundPanel() {
  useDocumentTitle(pageTitle(T.notFound));
  return (
    <div className="qy-page qy-ai-page">
      <section className="qy-card qy-ai-missing">
        <h1>{T.notFound}</h1>
        <p>{T.notFoundText}</p>
        <div className="qy-ai-missing-links">
          <Link className="qy-ai-button-primary" to="/index">
            {T.backHome}
          </Link>
          <Link className="qy-ai-button" to="/nejm-list">
            {T.browseJournal}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** The page while the detail loads, or its failure with a retry. */
export function DetailPending({
  name,
  loading,
  error,
  onRetry,
}: {
  name: string;
  loading: boolean;
  error: { message: string } | null | undefined;
  onRetry: () => void;
}) {
  return (
    <div className="qy-page qy-ai-page" aria-busy={loading}>
      <h1 className="qy-ai-sr">{name}</h1>
      <div className="qy-card qy-ai-main">
        {error ? (
          <PlainErrorState message={error.message} onRetry={onRetry} />
        ) : (
          <div className="qy-ai-skeleton">
            <PlainLoadingState rows={3} />
            <PlainLoadingState rows={8} />
          </div>
        )}
      </div>
    </div>
  );
}

/** What a detail page's view is given once the detail has arrived. */
export interface DetailViewProps {
  detail: ArticleDetail;
  fetchedLoggedIn: boolean;
  reload: () => void;
}

/**
 * The states of a detail page (/article-info, /article-particulars): not found, loading or failed
 * with a retry, then `View`, new for each article; the document title follows the article.
 */
export function DetailScreen({ articleRef, name, View }: { articleRef: ArticleRef; name: string; View: ComponentType<DetailViewProps> }) {
  const query = useArticleDetail(articleRef);
  const loaded = query.data;
  useDocumentTitle(pageTitle(loaded?.detail.title || name));
  if (query.notFound) return <NotFoundPanel />;
  if (!loaded) return <DetailPending name={name} loading={query.loading} error={query.error} onRetry={query.reload} />;
  return <View key={loaded.detail.id} detail={loaded.detail} fetchedLoggedIn={loaded.fetchedLoggedIn} reload={query.reload} />;
}
