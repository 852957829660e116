import { CAROUSEL_DELAY_MS } from '@qianyan/shared';
import { COVER_IMG, SLIDE_CAPTION, useCarouselPause } from '@qianyan/shared/plain';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isExternal } from '../portal/adverts';
import { HOME_TEXT } from '../portal/messages';
import { LeftIcon, RightIcon } from '../common/icons';

export interface Slide {
  key: string | number;
  img: string;
  title?: string;
  intro?: string;
  href: string;
  alt: string;
}

/** A slide's link; `hidden` (a slide not shown) takes it out of the tab order, as its slide is aria-hidden. */
function SlideLink({ href, children, className, label, hidden }: { href: string; children: ReactNode; className: string; label: string; hidden: boolean }) {
  if (!href) return <div className={className}>{children}</div>;
  if (isExternal(href))
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer" aria-label={label} tabIndex={hidden ? -1 : undefined}>
        {children}
      </a>
    );
  return (
    <Link className={className} to={href} aria-label={label} tabIndex={hidden ? -1 : undefined}>
      {children}
    </Link>
  );
}

/**
 * A light carousel (spec §2.2 banners and advert carousels): one slide at a time, a 10 s delay
 * (§9), dots and arrows; it pauses while hovered or focused.
 */
export function Carousel({ slides, label, variant }: { slides: Slide[]; label: string; variant: 'banner' | 'advert' }) {
  const [index, setIndex] = useState(0);
  const { paused, pauseHandlers } = useCarouselPause();
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused) return undefined;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  useEffect(() => {
    if (index >= count) setIndex(0);
  }, [index, count]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      className={`qy-carousel qy-carousel--${variant}`}
      aria-roledescription="carousel"
      aria-label={label}
      {...pauseHandlers}
    >
      <div className="qy-carousel__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides.map((s, i) => (
          <div
            key={s.key}
            className="qy-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={HOME_TEXT.slide(i + 1)}
            aria-hidden={i !== index}
          >
            <SlideLink href={s.href} className="qy-carousel__link" label={s.title || s.alt} hidden={i !== index}>
              <img className={COVER_IMG} src={s.img} alt={s.alt} loading={i === 0 ? 'eager' : 'lazy'} />
              {(s.title || s.intro) && (
                <span className={`qy-carousel__caption ${SLIDE_CAPTION}`}>
                  {s.title && <span className="qy-carousel__title">{s.title}</span>}
                  {s.intro && <span className="qy-carousel__intro">{s.intro}</span>}
                </span>
              )}
            </SlideLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="qy-carousel__arrow is-prev" aria-label={HOME_TEXT.prevSlide} onClick={() => go(index - 1)}>
            <LeftIcon />
          </button>
          <button type="button" className="qy-carousel__arrow is-next" aria-label={HOME_TEXT.nextSlide} onClick={() => go(index + 1)}>
            <RightIcon />
          </button>
          <div className="qy-carousel__dots">
            {slides.map((s, i) => (
              <button
                key={s.key}
                type="button"
                className={i === index ? 'is-active' : undefined}
                aria-label={HOME_TEXT.slide(i + 1)}
                aria-current={i === index}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
