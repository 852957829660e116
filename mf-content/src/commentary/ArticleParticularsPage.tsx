import { isBlankHtml, SOURCE, type ArticleDetail } from '@qianyan/shared';
import { LINK_BUTTON } from '@qianyan/shared/plain';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { articleHref } from '../article-list/ArticleListItem';
import { AccessPanel } from '../article/AccessPanel';
import { ReadingPlain, ReadingText } from '../article/bilingual/ReadingText';
import { ReadingSwitch } from '../article/bilingual/ReadingSwitch';
import { useReadingMode } from '../article/bilingual/readingMode';
import { DetailCrumbs, DetailHead, DetailScreen, type DetailViewProps } from '../article/DetailStates';
import { useFreeRead } from '../article/useFreeRead';
import { useArticleClasses } from '../common/useArticleClasses';
import { articleIdList } from '../professional-more/moreQuery';
import { COMMENTARY_TEXT as T } from './messages';
import { RelatedArticles } from './RelatedArticles';
import '../common/common.css';
import '../article/article.css';
import './commentary.css';

/**
 * Whether the commentary is the item's own text: a commentary item (source 1), or an item without a
 * separate commentary. Otherwise it is the article's 述评 (wantsay), and the article is linked.
 */
export const commentaryIsContent = (d: Pick<ArticleDetail, 'sourceid' | 'haswantsay'>) =>
  d.sourceid === SOURCE.commentary || d.haswantsay !== 1;

/** /article-particulars?permalinks= (spec §2.1): an expert commentary with its access states. */
export function ArticleParticularsPage() {
  const [params] = useSearchParams();
  const permalinks = params.get('permalinks')?.trim() || null;
  return <DetailScreen articleRef={{ permalinks, id: null, prev: null }} name={T.pageName} View={CommentaryView} />;
}

function CommentaryView({ detail, fetchedLoggedIn, reload }: DetailViewProps) {
  const { codeByName } = useArticleClasses();
  const lockRef = useRef<HTMLElement>(null);
  const { state, unlocked, claiming, claimError, claim } = useFreeRead({ detail, fetchedLoggedIn, reload, lockRef });

  const ownText = commentaryIsContent(detail);
  // What the server sent: the whole text when the reader may see it, else only the commentary's free
  // part (before its <hr>) or, for a commentary item, nothing past the intro.
  const text = ownText ? unlocked?.content || detail.content : unlocked?.wantsay || detail.wantsay;
  // Its English, gated the same way (bilingual reading).
  const english = (ownText ? detail.enBody : detail.enWantsay) ?? '';
  const [chosenMode, setMode] = useReadingMode();
  const mode = detail.hasEnglish === 1 ? chosenMode : 'zh';
  const readable = state === 'open';
  const heading = (!ownText && detail.wantsayTitle) || T.commentary;
  const related = articleIdList(detail.relationArticleIds);

  return (
    <div className="qy-page qy-ai-page">
      <DetailCrumbs>
        <Link to="/commentary">{T.list}</Link>
      </DetailCrumbs>
      <div className={mode === 'both' ? 'qy-ai-layout qy-bi-wide' : 'qy-ai-layout'}>
        <article className="qy-card qy-ai-main">
          <DetailHead detail={detail} codeByName={codeByName} kicker={<span className="qy-cm-badge">{T.badge}</span>}>
            {detail.hasEnglish === 1 && <ReadingSwitch mode={mode} onChange={setMode} />}
          </DetailHead>

          {ownText && !readable && detail.intro && (
            <section className="qy-ai-abstract" aria-label={T.intro}>
              <h2>{T.intro}</h2>
              <ReadingPlain zh={detail.intro} en={detail.enAbstract ?? ''} mode={mode} />
            </section>
          )}

          {!isBlankHtml(text) && (
            <section className="qy-cm-text" aria-labelledby="qy-cm-text-title">
              <h2 id="qy-cm-text-title" className="qy-cm-text-title qy-ai-barred">
                {heading}
              </h2>
              <ReadingText zh={text} en={english} mode={mode} />
            </section>
          )}

          {!readable && (
            <AccessPanel ref={lockRef} state={state} claiming={claiming} claimError={claimError} onClaim={claim} />
          )}

          {!ownText && detail.permalinks && (
            <section className="qy-cm-about" aria-label={T.aboutArticle}>
              <p className="qy-cm-about-label">{T.aboutArticle}</p>
              <p className="qy-cm-about-title">{detail.title}</p>
              {detail.intro && <p className="qy-cm-about-intro">{detail.intro}</p>}
              <Link className={`${LINK_BUTTON.plain} qy-ai-button`} to={articleHref(detail.permalinks)}>
                {T.readArticle}
              </Link>
            </section>
          )}
        </article>
        <RelatedArticles articleIds={related} />
      </div>
    </div>
  );
}
