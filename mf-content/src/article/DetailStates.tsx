import { formatDate, RichHtml, SECTION_TEXT, splitClassNames, useWechatShare, type ArticleDetail } from '@qianyan/shared';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PlainErrorState, PlainLoadingState, QUIET_LINKS, SectionLinks } from '@qianyan/shared/plain';
import { ClassTags } from '../common/ClassTags';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle } from '../messages';
import { ARTICLE_TEXT as T } from './messages';
import { ShareBar } from './ShareBar';
import { useArticleDetail, type ArticleRef } from './useArticleDetail';

/** Editorial HTML (body, commentary, references), sanitised. */
export function Html({ html, className = '' }: { html: string; className?: string }) {
  return <RichHtml className={`qy-ai-html ${className}`} html={html} />;
}

/** The way back above a detail page: 首页, then the list it belongs to (`children`). */
export function DetailCrumbs({ children }: { children: ReactNode }) {
  return (
    <nav className={`qy-ai-crumbs ${QUIET_LINKS}`} aria-label={T.breadcrumb}>
      <ol>
        <li>
          <Link to="/index">{T.home}</Link>
        </li>
        <li aria-current="page">{children}</li>
      </ol>
    </nav>
  );
}

/**
 * A detail's header: the kicker (source or badge), the title and the English one, the authors, the
 * date and the disease-area tags, what the page adds (`children`), then the share bar.
 */
export function DetailHead({
  detail,
  kicker,
  codeByName,
  children,
}: {
  detail: ArticleDetail;
  kicker: ReactNode;
  codeByName: Map<string, number>;
  children?: ReactNode;
}) {
  const authors = detail.author || detail.pcauthor;
  const date = formatDate(detail.postdate);
  const hasTags = splitClassNames(detail.classNames).length > 0;
  return (
    <header className="qy-ai-head">
      <div className="qy-ai-kicker">{kicker}</div>
      <h1 className="qy-ai-title">{detail.title}</h1>
      {detail.outtitle && (
        <p className="qy-ai-outtitle" lang="en">
          {detail.outtitle}
        </p>
      )}
      {authors && (
        <p className="qy-ai-authors">
          <span className="qy-ai-sr">{T.authors}：</span>
          {authors}
        </p>
      )}
      <div className="qy-ai-meta">
        {date && (
          <time dateTime={date}>
            <span className="qy-ai-sr">{T.published}：</span>
            {date}
          </time>
        )}
        {hasTags && <ClassTags classNames={detail.classNames} codeByName={codeByName} />}
      </div>
      {children}
      <ShareBar articleId={detail.id} ifCollect={detail.ifCollect} title={detail.title} outlink={detail.outlink} />
    </header>
  );
}

/** A missing or withdrawn article (10004), or a link that names none. */
export function NotFoundPanel() {
  useDocumentTitle(pageTitle(T.notFound));
  return (
    <div className="qy-page qy-ai-page">
      <section className="qy-card qy-ai-missing">
        <h1>{T.notFound}</h1>
        <p>{T.notFoundText}</p>
        <SectionLinks link={Link} label={SECTION_TEXT.explore} home={T.backHome} journalList={T.browseJournal} className="qy-ai-missing-links qy-ai-buttons" />
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
  useWechatShare(loaded && { title: loaded.detail.title, desc: loaded.detail.intro, imgUrl: loaded.detail.thumb });
  if (query.notFound) return <NotFoundPanel />;
  if (!loaded) return <DetailPending name={name} loading={query.loading} error={query.error} onRetry={query.reload} />;
  return <View key={loaded.detail.id} detail={loaded.detail} fetchedLoggedIn={loaded.fetchedLoggedIn} reload={query.reload} />;
}
