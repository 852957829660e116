import { formatAuthors, formatDate, SOURCE, type ArticleListItem as Item } from '@qianyan/shared';
import { LoadingIcon, SPREAD_ROW } from '@qianyan/shared/plain';
import { Link } from 'react-router-dom';
import { ClassTags } from '../common/ClassTags';
import { StarFilledIcon } from '../common/icons';
import { SourceBadge } from '../common/SourceBadge';
import { TEXT } from '../messages';
import { articleHref, commentaryHref, detailHref } from './hrefs';
import { kindOf } from './kind';

// The detail links live in ./hrefs and the type line in ./kind (the home and article pages use them
// without loading this item's antd).
export { articleHref, commentaryHref, detailHref, kindOf };

/** The foot of a list item: its disease-area tags, and its date at the end of the line. */
export function ItemFoot({ classNames, date, codeByName }: { classNames: string; date: Parameters<typeof formatDate>[0]; codeByName: Map<string, number> }) {
  return (
    <div className={`qy-al-item-foot ${SPREAD_ROW}`}>
      <ClassTags classNames={classNames} codeByName={codeByName} />
      <time className="qy-al-date" dateTime={formatDate(date)}>
        {formatDate(date)}
      </time>
    </div>
  );
}

/** One result of an article list (spec §2.10). */
export function ArticleListItem({
  item,
  codeByName,
  onRemoveCollect,
  removing = false,
  hrefOf = detailHref,
}: {
  item: Item;
  codeByName: Map<string, number>;
  /** Where the title links; by default the item's detail page. */
  hrefOf?: (item: Item) => string;
  /** What the remove-collect icon of a collected item does; without it the icon shows disabled. */
  onRemoveCollect?: (item: Item) => void;
  /** The removal is under way (the icon waits). */
  removing?: boolean;
}) {
  const kind = kindOf(item);
  // `author` keeps degrees ("M.D."), which formatAuthors attaches to the name before them.
  const authors = formatAuthors(item.author || item.pcauthor);
  return (
    <article className="qy-al-item">
      <div className="qy-al-item-meta">
        <SourceBadge sourceId={item.sourceid} name={item.sourceName} />
        {kind && <span className="qy-al-kind">{kind}</span>}
        {item.ifCollect ? (
          // antd's small icon-only text button, drawn plainly (articleList.css).
          <button
            type="button"
            className={removing ? 'qy-al-uncollect is-loading' : 'qy-al-uncollect'}
            aria-label={TEXT.removeCollect}
            title={TEXT.removeCollect}
            disabled={!onRemoveCollect}
            aria-busy={removing || undefined}
            onClick={() => {
              if (!removing) onRemoveCollect?.(item);
            }}
          >
            {removing ? <LoadingIcon /> : <StarFilledIcon />}
          </button>
        ) : null}
      </div>
      <h2 className="qy-al-item-title">
        <Link to={hrefOf(item)}>{item.title}</Link>
      </h2>
      {authors && <p className="qy-al-authors">{authors}</p>}
      {item.intro && <p className="qy-al-intro">{item.intro}</p>}
      <ItemFoot classNames={item.classNames} date={item.postdate} codeByName={codeByName} />
    </article>
  );
}
