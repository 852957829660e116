import {
  api,
  firstCoverUrl,
  formatAuthors,
  MSG,
  openLoginDialog,
  toast,
  useSession,
  type ArticleListItem as Item,
  type LessonCard,
} from '@qianyan/shared';
import { LoadingIcon, TITLE_BUTTON } from '@qianyan/shared/plain';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { commentaryHref, detailHref, ItemFoot, kindOf } from '../article-list/ArticleListItem';
import { StarFilledIcon, StarIcon } from '../common/icons';
import { SourceBadge } from '../common/SourceBadge';
import { SEARCH_TEXT, TEXT } from '../messages';
import { Highlighted } from './Highlight';

/** Where an article result opens: commentary its commentary page, animation its own page, else the article. */
export function resultHref(item: Pick<Item, 'sourceid' | 'permalinks'>, commentary: boolean): string {
  return commentary ? commentaryHref(item) : detailHref(item);
}

/**
 * The collect toggle of a result (§4 collect toggle): logged out raises the login prompt; otherwise it
 * collects or cancels, says so, and reloads the current page as lists do. `busy` is the item's key.
 */
export function useResultCollect(reload: () => void) {
  const { loggedIn } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const toggle = useCallback(
    async (target: { kind: 'article' | 'course'; id: number; collected: boolean }) => {
      if (!loggedIn) {
        openLoginDialog();
        return;
      }
      setBusy(`${target.kind}:${target.id}`);
      try {
        const body = { id: target.id };
        const ok =
          target.kind === 'article'
            ? await (target.collected ? api.user.cancelCollect(body) : api.user.collectArticle(body))
            : await (target.collected ? api.user.cancelCollectLesson(body) : api.user.collectLesson(body));
        if (ok) {
          toast.success(target.collected ? MSG.cancelled : MSG.operationSuccess);
          reload();
        } else toast.error(MSG.busy);
      } catch {
        // The API client has shown the failure (and the login prompt when the session ended).
      } finally {
        setBusy(null);
      }
    },
    [loggedIn, reload],
  );
  return { busy, toggle, loggedIn };
}

function CollectButton({ collected, busy, onClick }: { collected: boolean; busy: boolean; onClick: () => void }) {
  const label = collected ? TEXT.removeCollect : SEARCH_TEXT.collect;
  return (
    // antd's small text button: while the change is on its way the spinner shows and clicks are ignored.
    <button
      type="button"
      className={collected ? 'qy-sr-collect qy-sr-collected' : 'qy-sr-collect'}
      aria-label={label}
      aria-pressed={collected}
      aria-busy={busy}
      title={label}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {busy ? <LoadingIcon /> : collected ? <StarFilledIcon /> : <StarIcon />}
    </button>
  );
}

/** One article, commentary or animation result: highlighted title, intro or snippet, and a collect icon. */
export function ArticleResult({
  item,
  commentary,
  codeByName,
  collected,
  busy,
  onCollect,
}: {
  item: Item;
  commentary: boolean;
  codeByName: Map<string, number>;
  collected: boolean;
  busy: boolean;
  onCollect: () => void;
}) {
  const kind = kindOf(item);
  const authors = formatAuthors(item.author || item.pcauthor);
  const hl = item.highlight ?? {};
  const body = hl.snippet ?? hl.intro;
  return (
    <article className="qy-al-item qy-sr-item">
      <div className="qy-al-item-meta">
        <SourceBadge sourceId={item.sourceid} name={item.sourceName} />
        {kind && <span className="qy-al-kind">{kind}</span>}
        <CollectButton collected={collected} busy={busy} onClick={onCollect} />
      </div>
      <h2 className="qy-al-item-title">
        <Link to={resultHref(item, commentary)}>
          <Highlighted html={hl.title} text={item.title} />
        </Link>
      </h2>
      {authors && <p className="qy-al-authors">{authors}</p>}
      {(body || item.intro) && (
        <p className="qy-al-intro qy-sr-text">
          <Highlighted html={body} text={item.intro} />
        </p>
      )}
      <ItemFoot classNames={item.classNames} date={item.postdate} codeByName={codeByName} />
    </article>
  );
}

/** The cover for this layout: the mobile cover on phones, the PC cover otherwise, each falling back to the other. */
function coverOf(card: Pick<LessonCard, 'coverPc' | 'coverMobile'>, mobile: boolean): string {
  const pc = firstCoverUrl(card.coverPc);
  const phone = firstCoverUrl(card.coverMobile);
  return mobile ? phone || pc : pc || phone;
}

/** One course result: cover, highlighted title and subhead, tags, date and a collect icon. */
export function CourseResult({
  card,
  mobile,
  codeByName,
  collected,
  busy,
  onCollect,
  onOpen,
}: {
  card: LessonCard;
  mobile: boolean;
  codeByName: Map<string, number>;
  collected: boolean;
  busy: boolean;
  onCollect: () => void;
  onOpen: () => void;
}) {
  const cover = coverOf(card, mobile);
  const hl = card.highlight ?? {};
  const body = hl.snippet ?? hl.intro;
  return (
    <article className="qy-al-item qy-sr-item qy-sr-course">
      {/* The cover repeats the title button for pointer users; keyboard and screen readers use the title. */}
      <div className="qy-sr-cover" onClick={onOpen} aria-hidden="true">
        {cover ? <img src={cover} alt="" loading="lazy" decoding="async" /> : <span>{card.title.slice(0, 2)}</span>}
      </div>
      <div className="qy-sr-course-body">
        <div className="qy-al-item-meta">
          <span className="qy-al-kind">{SEARCH_TEXT.tabs[11]}</span>
          <CollectButton collected={collected} busy={busy} onClick={onCollect} />
        </div>
        <h2 className="qy-al-item-title">
          <button type="button" className={TITLE_BUTTON} onClick={onOpen}>
            <Highlighted html={hl.title} text={card.title} />
          </button>
        </h2>
        {(body || card.subhead) && (
          <p className="qy-al-intro qy-sr-text">
            <Highlighted html={body} text={card.subhead} />
          </p>
        )}
        <ItemFoot classNames={card.classNames} date={card.publishdate} codeByName={codeByName} />
      </div>
    </article>
  );
}
