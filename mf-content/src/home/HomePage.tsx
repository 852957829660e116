import { ArrowRightOutlined } from '@ant-design/icons';
import {
  api,
  EmptyState,
  ErrorState,
  formatAuthors,
  formatDate,
  SOURCE,
  useApiQuery,
  type ArticleListItem,
} from '@qianyan/shared';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { articleHref, kindOf } from '../article-list/ArticleListItem';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { COURSE_ENTRY, LIST_PAGE_INFO, SITE_NAME, TEXT } from '../messages';
import '../common/common.css';
import './home.css';

/** The newest articles of one source (sortType 0). */
function useNewest(sourceId: number, pageSize: number) {
  return useApiQuery(
    () => api.article.selectArticleList({ pageNo: 1, pageSize, sourceIds: [sourceId], sortType: 0 }, { silent: true }),
    [sourceId, pageSize],
  );
}

type Newest = ReturnType<typeof useNewest>;

function SectionState({ query, rows, children }: { query: Newest; rows: number; children: (items: ArticleListItem[]) => ReactNode }) {
  if (query.loading) return <Skeleton active title={false} paragraph={{ rows }} />;
  if (query.error) return <ErrorState message={query.error.message} onRetry={query.reload} />;
  const items = query.data?.results ?? [];
  if (items.length === 0) return <EmptyState />;
  return <>{children(items)}</>;
}

function SectionHead({ id, title, more }: { id: string; title: string; more?: string }) {
  return (
    <div className="qy-home-section-head">
      <h2 id={id}>{title}</h2>
      {more && (
        <Link className="qy-home-more" to={more} aria-label={`${TEXT.more}：${title}`}>
          {TEXT.more}
          <ArrowRightOutlined aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}

const ENTRY_CARDS = [
  { path: '/nejm-list', accent: '#a6192e', ...LIST_PAGE_INFO['/nejm-list'] },
  { path: '/nejm-periodical-list', accent: '#0b4f6c', ...LIST_PAGE_INFO['/nejm-periodical-list'] },
  { path: '/nejm-catalyst-list', accent: '#1d5c3a', ...LIST_PAGE_INFO['/nejm-catalyst-list'] },
  { path: '/nejm-evidence-list', accent: '#5b3c88', ...LIST_PAGE_INFO['/nejm-evidence-list'] },
  { accent: '#8a5a00', ...COURSE_ENTRY },
];

/** A modest home page until the full home of spec §2.2 lands: newest articles and the way into each list. */
export function HomePage() {
  useDocumentTitle(TEXT.homeTitle);
  const latest = useNewest(SOURCE.journal, 6);
  const catalyst = useNewest(SOURCE.catalyst, 3);
  const evidence = useNewest(SOURCE.evidence, 3);

  return (
    <div className="qy-home">
      <section className="qy-home-hero" aria-labelledby="qy-home-title">
        <div className="qy-home-hero-inner">
          <p className="qy-home-hero-kicker">医学前沿 · 中文版</p>
          <h1 id="qy-home-title">{SITE_NAME}</h1>
          <p className="qy-home-hero-pitch">{TEXT.heroPitch}</p>
          <div className="qy-home-hero-actions">
            <Link className="qy-home-cta qy-home-cta-primary" to="/nejm-list">
              {TEXT.heroBrowse}
            </Link>
            <Link className="qy-home-cta" to="/course-resources">
              {TEXT.heroCourses}
            </Link>
          </div>
        </div>
      </section>

      <div className="qy-page qy-home-body">
        <div className="qy-home-grid">
          <section className="qy-card qy-home-section qy-home-latest" aria-labelledby="qy-home-latest">
            <SectionHead id="qy-home-latest" title={TEXT.latestJournal} more="/nejm-list" />
            <SectionState query={latest} rows={8}>
              {(items) => (
                <ol className="qy-home-latest-list">
                  {items.map((item) => {
                    const kind = kindOf(item);
                    const authors = formatAuthors(item.author || item.pcauthor);
                    return (
                      <li key={item.id} className="qy-home-latest-item">
                        <p className="qy-home-item-meta">
                          {kind && <span className="qy-home-kind">{kind}</span>}
                          <time dateTime={formatDate(item.postdate)}>{formatDate(item.postdate)}</time>
                        </p>
                        <h3>
                          <Link to={articleHref(item.permalinks)}>{item.title}</Link>
                        </h3>
                        {authors && <p className="qy-home-authors">{authors}</p>}
                        {item.intro && <p className="qy-home-intro">{item.intro}</p>}
                      </li>
                    );
                  })}
                </ol>
              )}
            </SectionState>
          </section>

          <div className="qy-home-side">
            {(
              [
                ['qy-home-catalyst', 'Catalyst', '/nejm-catalyst-list', catalyst],
                ['qy-home-evidence', 'Evidence', '/nejm-evidence-list', evidence],
              ] as const
            ).map(([id, title, more, query]) => (
              <section key={id} className="qy-card qy-home-section qy-home-teaser" aria-labelledby={id}>
                <SectionHead id={id} title={title} more={more} />
                <SectionState query={query} rows={4}>
                  {(items) => (
                    <ul className="qy-home-teaser-list">
                      {items.map((item) => (
                        <li key={item.id}>
                          <h3>
                            <Link to={articleHref(item.permalinks)}>{item.title}</Link>
                          </h3>
                          <p className="qy-home-item-meta">
                            {kindOf(item) && <span className="qy-home-kind">{kindOf(item)}</span>}
                            <time dateTime={formatDate(item.postdate)}>{formatDate(item.postdate)}</time>
                          </p>
                        </li>
                      ))}
                    </ul>
                  )}
                </SectionState>
              </section>
            ))}
          </div>
        </div>

        <section className="qy-home-entries" aria-labelledby="qy-home-entries">
          <SectionHead id="qy-home-entries" title={TEXT.explore} />
          <ul className="qy-home-entry-grid">
            {ENTRY_CARDS.map((entry) => (
              <li key={entry.path}>
                <Link className="qy-card qy-home-entry" to={entry.path} style={{ ['--qy-accent' as string]: entry.accent }}>
                  <span className="qy-home-entry-name">{entry.name}</span>
                  <span className="qy-home-entry-intro">{entry.intro}</span>
                  <ArrowRightOutlined className="qy-home-entry-arrow" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
