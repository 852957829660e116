import { api, openLoginDialog, toast, useApiQuery, useIsMobile, useSession, type HotReadItem } from '@qianyan/shared';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { gateHotRead, hotReadHref } from '../portal/hotReads';
import { HOME_TEXT } from '../portal/messages';
import { PlainCardPlaceholders, PlainErrorState } from '@qianyan/shared/plain';
import { LeftIcon, RightIcon } from '../common/icons';

/** Spec §9: 4 hot reads a page on desktop, 2 on mobile. */
export const hotReadPageSize = (mobile: boolean) => (mobile ? 2 : 4);

function HotReadCard({ item }: { item: HotReadItem }) {
  const { loggedIn, user } = useSession();
  const navigate = useNavigate();
  const href = hotReadHref(item);
  const open = (e: MouseEvent) => {
    const gate = gateHotRead(item, loggedIn, user);
    if (gate.ok) return;
    e.preventDefault();
    toast.warning(gate.message);
    if (gate.reason === 'login') openLoginDialog();
    else navigate('/personal?type=flag1');
  };
  return (
    <li className="qy-card qy-hot-card">
      <Link to={href} onClick={open} className="qy-hot-card__link">
        <span className="qy-hot-card__media">
          {item.cover ? <img src={item.cover} alt="" loading="lazy" /> : <span className="qy-hot-card__placeholder" aria-hidden="true" />}
          <span className={`qy-hot-card__kind is-${item.relationType}`}>{HOME_TEXT.relation[item.relationType]}</span>
        </span>
        <span className="qy-hot-card__body">
          <span className="qy-hot-card__title">{item.title}</span>
          {item.intro && <span className="qy-hot-card__intro">{item.intro}</span>}
          <span className="qy-hot-card__meta">
            {item.classNames && <span>{item.classNames.split(',')[0]}</span>}
            <time dateTime={item.date}>{item.date}</time>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Hot reads (spec §2.2): shown only when the hot_read switch is on; a simple pager. */
export function HotReads() {
  const mobile = useIsMobile();
  const pageSize = hotReadPageSize(mobile);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [pageSize]);

  const enabled = useApiQuery(
    () => api.base.getModularSwitch({ moduleName: 'hot_read' }, { silent: true }).then((r) => r.switchValue === 1),
    [],
  );
  const list = useApiQuery(
    async () => (enabled.data ? api.hotRead.selectHotReadList({ pageNo: page, pageSize }, { silent: true }) : null),
    [enabled.data, page, pageSize],
  );

  // Off, or the switch could not be read: no block. Still asking: the block's place is kept.
  if (enabled.data === false || enabled.error) return null;
  const total = list.data?.page.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (list.data && total === 0) return null;

  return (
    <section className="qy-home-block qy-hot" aria-labelledby="qy-hot-title">
      <div className="qy-home-section-head">
        <h2 id="qy-hot-title">{HOME_TEXT.hotReads}</h2>
        {pages > 1 && (
          <div className="qy-pager" role="group" aria-label={HOME_TEXT.hotReads}>
            <button type="button" aria-label={HOME_TEXT.prevPage} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <LeftIcon />
            </button>
            <span aria-live="polite">{HOME_TEXT.pageOf(page, pages)}</span>
            <button type="button" aria-label={HOME_TEXT.nextPage} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              <RightIcon />
            </button>
          </div>
        )}
      </div>
      {list.error ? (
        <PlainErrorState message={list.error.message} onRetry={list.reload} />
      ) : !list.data ? (
        // Cards of the real ones' shape while the switch and the list load, so the block below does not
        // move down when they arrive (hot reads are on in almost every configuration).
        <PlainCardPlaceholders
          count={pageSize}
          className="qy-hot-grid"
          cardClassName="qy-card qy-hot-card is-placeholder"
          coverClassName="qy-hot-card__media"
          bodyClassName="qy-hot-card__body"
          rows={3}
        />
      ) : (
        <ul className="qy-hot-grid">
          {list.data.results.map((item) => (
            <HotReadCard key={`${item.relationType}-${item.id}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
