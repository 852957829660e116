import { ARTICLE_LIST_PAGES, isBlankHtml, MSG, useMediaResume } from '@qianyan/shared';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SourceBadge } from '../common/SourceBadge';
import { useArticleClasses } from '../common/useArticleClasses';
import { kindOf } from '../article-list/kind';
import { useGlossaryMarks } from '../glossary/useGlossaryMarks';
import { AccessPanel } from './AccessPanel';
import { CommentaryPanel } from './CommentaryPanel';
import { DetailCrumbs, DetailHead, DetailScreen, Html, type DetailViewProps } from './DetailStates';
import { FreeReadsLeft } from './FreeReadsLeft';
import { ARTICLE_TEXT as T } from './messages';
import { RelatedList } from './RelatedList';
import { articleRefOf } from './useArticleDetail';
import { ReadingPlain, ReadingText } from './bilingual/ReadingText';
import { ReadingSwitch } from './bilingual/ReadingSwitch';
import { useReadingMode } from './bilingual/readingMode';
import { useFreeRead } from './useFreeRead';
import '../common/common.css';
import './article.css';

/** The list page of a source, for the breadcrumb (journal, digest, catalyst, evidence). */
function sourceListPath(sourceId: number): string | null {
  const entry = Object.entries(ARTICLE_LIST_PAGES).find(([, page]) => page.sourceId === sourceId);
  return entry ? entry[0] : null;
}

const keywordsOf = (keyword: string) =>
  keyword
    .split(/[,，;；、]/)
    .map((k) => k.trim())
    .filter(Boolean);

/** An article's video; a signed URL that expires during a long viewing is fetched again and playback resumes. */
function ArticleVideo({ url, refresh }: { url: string; refresh: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const onError = useMediaResume(ref, url, refresh, noop);
  return (
    <video ref={ref} className="qy-ai-video" src={url} controls preload="none" onError={onError}>
      {MSG.videoUnsupported}
    </video>
  );
}
const noop = () => undefined;

function BackMatter({ title, html }: { title: string; html: string }) {
  if (isBlankHtml(html)) return null;
  return (
    <section className="qy-ai-back" aria-label={title}>
      <h2>{title}</h2>
      <Html html={html} className="qy-ai-html-small" />
    </section>
  );
}

/** /article-info (spec §2.1): a journal article with its access states, commentary, collect and share. */
export function ArticleInfoPage() {
  const [params] = useSearchParams();
  const ref = articleRefOf(params);
  // share=1 and showType=clinical are accepted; they change nothing on this page yet. The single
  // sign-on data parameter (nejmjmedssodata) is exchanged by the shell for every page (ssoArrival.ts).
  return <DetailScreen articleRef={ref} name={T.pageName} View={ArticleView} />;
}

function ArticleView({ detail, fetchedLoggedIn, reload }: DetailViewProps) {
  const { codeByName } = useArticleClasses();
  const lockRef = useRef<HTMLElement>(null);
  const { state, unlocked, claiming, claimError, claim, more } = useFreeRead({ detail, fetchedLoggedIn, reload, lockRef });
  const content = unlocked?.content || detail.content;
  const wantsay = unlocked?.wantsay || detail.wantsay;
  const wantsayTruncated = detail.wantsayTruncated && !unlocked?.wantsay && state !== 'open';

  const listPath = sourceListPath(detail.sourceid);
  const kind = kindOf(detail);
  const keywords = keywordsOf(detail.keyword ?? '');
  const readable = state === 'open';
  // Terms you can tap in the body and the commentary, marked after the page has rendered.
  const mainRef = useRef<HTMLElement>(null);
  // Bilingual reading: the remembered mode, where the article has an English original.
  const [chosenMode, setMode] = useReadingMode();
  const mode = detail.hasEnglish === 1 ? chosenMode : 'zh';
  useGlossaryMarks(mainRef, `${detail.id}:${readable}:${content.length}:${wantsay.length}:${mode}`);

  return (
    <div className="qy-page qy-ai-page">
      <DetailCrumbs>{listPath ? <Link to={listPath}>{detail.sourceName}</Link> : detail.sourceName}</DetailCrumbs>
      <div className={mode === 'both' ? 'qy-ai-layout qy-bi-wide' : 'qy-ai-layout'}>
        <article className="qy-card qy-ai-main" ref={mainRef}>
          <DetailHead
            detail={detail}
            codeByName={codeByName}
            kicker={
              <>
                <SourceBadge sourceId={detail.sourceid} name={detail.sourceName} />
                {kind && <span className="qy-ai-kind">{kind}</span>}
              </>
            }
          >
            {keywords.length > 0 && (
              <p className="qy-ai-keywords">
                <span className="qy-ai-keywords-label">{T.keywords}</span>
                {keywords.join('；')}
              </p>
            )}
            {detail.hasEnglish === 1 && <ReadingSwitch mode={mode} onChange={setMode} />}
            <FreeReadsLeft detail={detail} fetchedLoggedIn={fetchedLoggedIn} claimed={!!unlocked} />
          </DetailHead>

          {detail.intro && (
            <section className="qy-ai-abstract" aria-label={T.abstract}>
              <h2>{T.abstract}</h2>
              <ReadingPlain zh={detail.intro} en={detail.enAbstract ?? ''} mode={mode} />
            </section>
          )}

          {detail.haswantsay === 1 && !isBlankHtml(wantsay) && (
            <CommentaryPanel
              title={detail.wantsayTitle}
              html={wantsay}
              truncated={wantsayTruncated}
              onMore={more}
              body={mode !== 'zh' && <ReadingText zh={wantsay} en={detail.enWantsay ?? ''} mode={mode} />}
            />
          )}

          {readable ? (
            <>
              {detail.videoUrl && <ArticleVideo url={detail.videoUrl} refresh={reload} />}
              {!isBlankHtml(content) && (
                <section className="qy-ai-body" aria-label={T.body}>
                  <ReadingText zh={content} en={detail.enBody ?? ''} mode={mode} />
                </section>
              )}
              <BackMatter title={T.references} html={detail.aboutcontent} />
              <BackMatter title={T.appendix} html={detail.appendix} />
              <BackMatter title={T.thank} html={detail.thank} />
              {detail.hascoi === 1 && <BackMatter title={T.coi} html={detail.coi} />}
            </>
          ) : (
            <AccessPanel
              ref={lockRef}
              state={state}
              claiming={claiming}
              claimError={claimError}
              onClaim={claim}
            />
          )}
        </article>
        {detail.permalinks && <RelatedList permalinks={detail.permalinks} />}
      </div>
    </div>
  );
}
