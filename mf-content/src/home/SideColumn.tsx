import { api, formatDate, SOURCE, useApiQuery } from '@qianyan/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { commentaryHref, detailHref } from '../article-list/hrefs';
import { PlainSkeleton } from '@qianyan/shared/plain';
import { isExternal, useAdverts } from '../portal/adverts';
import { HOME_TEXT } from '../portal/messages';
import { Carousel } from './BannerCarousel';
import { ArrowRightIcon } from '../common/icons';

function Block({ id, title, more, children }: { id: string; title: string; more?: string; children: ReactNode }) {
  return (
    <section className="qy-card qy-home-block qy-side-block" aria-labelledby={id}>
      <div className="qy-home-section-head">
        <h2 id={id}>{title}</h2>
        {more && (
          <Link className="qy-home-more" to={more} aria-label={`${HOME_TEXT.more}：${title}`}>
            {HOME_TEXT.more}
            <ArrowRightIcon />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** The right column adverts: right-one as a carousel, right-two as a stack (spec §2.2, §9). */
export function SideAdverts() {
  const one = useAdverts('right-one');
  const two = useAdverts('right-two');
  const carousel = one.data ?? [];
  const stack = two.data ?? [];
  if (carousel.length + stack.length === 0) return null;
  return (
    <div className="qy-side-ads">
      {carousel.length > 0 && (
        <Carousel
          variant="advert"
          label={HOME_TEXT.adverts}
          slides={carousel.map((a) => ({ key: a.id, img: a.img, href: a.href, alt: a.name }))}
        />
      )}
      {stack.length > 0 && (
        <ul className="qy-side-ads__stack" aria-label={HOME_TEXT.adverts}>
          {stack.map((a) => (
            <li key={a.id}>
              {isExternal(a.href) ? (
                <a href={a.href} target="_blank" rel="noopener noreferrer">
                  <img src={a.img} alt={a.name} loading="lazy" />
                </a>
              ) : (
                <Link to={a.href || '#'}>
                  <img src={a.img} alt={a.name} loading="lazy" />
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AnimationList() {
  const q = useApiQuery(
    () => api.article.selectArticleList({ pageNo: 1, pageSize: 4, sourceIds: [SOURCE.animation], sortType: 0 }, { silent: true }),
    [],
  );
  const items = q.data?.results ?? [];
  return (
    <Block id="qy-side-animation" title={HOME_TEXT.animations} more="/animation-list">
      {q.loading && !q.data ? (
        <PlainSkeleton rows={4} />
      ) : items.length === 0 ? (
        <p className="qy-side-empty">{HOME_TEXT.empty}</p>
      ) : (
        <ul className="qy-side-anim">
          {items.map((a) => (
            <li key={a.id}>
              <Link to={detailHref(a)}>
                {a.thumb && <img src={a.thumb} alt="" loading="lazy" />}
                <span>{a.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

export function CommentaryList() {
  const q = useApiQuery(() => api.article.selectArticleList({ pageNo: 1, pageSize: 5, haswantsay: 1, sortType: 0 }, { silent: true }), []);
  const items = q.data?.results ?? [];
  return (
    <Block id="qy-side-commentary" title={HOME_TEXT.commentaries} more="/commentary">
      {q.loading && !q.data ? (
        <PlainSkeleton rows={5} />
      ) : items.length === 0 ? (
        <p className="qy-side-empty">{HOME_TEXT.empty}</p>
      ) : (
        <ul className="qy-side-list">
          {items.map((a) => (
            <li key={a.id}>
              <Link to={commentaryHref(a)}>{a.title}</Link>
              <time dateTime={formatDate(a.postdate)}>{formatDate(a.postdate)}</time>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}
