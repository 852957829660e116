import { formatDate, useWechatShare, type ArticleDetail } from '@qianyan/shared';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DetailPending, Html, NotFoundPanel } from '../article/DetailStates';
import { RelatedList } from '../article/RelatedList';
import { ShareBar } from '../article/ShareBar';
import { articleRefOf, useArticleDetail } from '../article/useArticleDetail';
import { useFreeRead } from '../article/useFreeRead';
import { ClassTags } from '../common/ClassTags';
import { useArticleClasses } from '../common/useArticleClasses';
import { useDocumentTitle } from '../common/useDocumentTitle';
import { pageTitle, TEXT } from '../messages';
import { MEDIA_TEXT as T } from '../portal/messages';
import { MediaPlayer } from './MediaPlayer';
import { MoreMedia } from './MoreMedia';
import '../common/common.css';
import './media.css';

/** /animation-particulars and /audio-particulars (spec §2.1): the player, intro and related articles. */
export function MediaDetailPage({ kind }: { kind: 'animation' | 'audio' }) {
  const [params] = useSearchParams();
  const query = useArticleDetail(articleRefOf(params));
  const loaded = query.data;
  const name = kind === 'animation' ? T.animationTitle : T.audioTitle;
  useDocumentTitle(pageTitle(loaded?.detail.title || name));
  useWechatShare(loaded && { title: loaded.detail.title, desc: loaded.detail.intro, imgUrl: loaded.detail.thumb });
  if (query.notFound) return <NotFoundPanel />;
  if (!loaded) return <DetailPending name={name} loading={query.loading} error={query.error} onRetry={query.reload} />;
  return <MediaView key={loaded.detail.id} detail={loaded.detail} fetchedLoggedIn={loaded.fetchedLoggedIn} reload={query.reload} />;
}

function MediaView({ detail, fetchedLoggedIn, reload }: { detail: ArticleDetail; fetchedLoggedIn: boolean; reload: () => void }) {
  const { codeByName } = useArticleClasses();
  const lockRef = useRef<HTMLElement>(null);
  const { state, unlocked, claiming, claim } = useFreeRead({ detail, fetchedLoggedIn, reload, lockRef });
  const audio = detail.sourceid === 8;
  const listPath = audio ? '/audio-list' : '/animation-list';
  const content = unlocked?.content || detail.content;
  const date = formatDate(detail.postdate);
  return (
    <div className="qy-page qy-media-detail">
      <nav className="qy-media-detail__crumbs" aria-label="面包屑">
        <Link to="/index">{TEXT.home}</Link>
        <span aria-hidden="true">/</span>
        <Link to={listPath}>{audio ? T.audioTitle : T.animationTitle}</Link>
      </nav>
      <div className="qy-media-detail__layout">
        <article className="qy-card qy-media-detail__main">
          <h1>{detail.title}</h1>
          <div className="qy-media-detail__meta">
            {date && <time dateTime={date}>{date}</time>}
            <ClassTags classNames={detail.classNames} codeByName={codeByName} />
          </div>
          <MediaPlayer detail={detail} state={state} claim={claim} claiming={claiming} refresh={reload} />
          <ShareBar articleId={detail.id} ifCollect={detail.ifCollect} title={detail.title} outlink={detail.outlink} />
          {(detail.intro || content) && (
            <section className="qy-media-detail__intro" aria-label={T.intro}>
              <h2>{T.intro}</h2>
              {detail.intro && <p>{detail.intro}</p>}
              {state === 'open' && content && <Html html={content} />}
            </section>
          )}
        </article>
        <div className="qy-media-detail__side">
          {detail.permalinks && <RelatedList permalinks={detail.permalinks} />}
          <MoreMedia audio={audio} currentId={detail.id} />
        </div>
      </div>
    </div>
  );
}
