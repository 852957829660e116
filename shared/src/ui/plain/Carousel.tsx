// antd's Carousel (scrollx, autoplay, dots at the bottom) without antd: one slide at a time, moving
// on after `autoplay` ms and looping forward from the last slide to the first; it pauses while
// hovered or focused. The slides not shown are inert (out of the tab order and the accessibility
// tree); the dots name their slide.
import { Children, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import './antdText.css';
import './carousel.css';

export const CAROUSEL_TEXT = {
  slide: (n: number) => `第 ${n} 张`,
} as const;

/**
 * A carousel holds still while the pointer is over it or the focus is in it (WAI-ARIA carousel
 * pattern): `paused`, and the handlers for its root element.
 */
export function useCarouselPause() {
  const [paused, setPaused] = useState(false);
  const pauseHandlers = useMemo(
    () => ({
      onMouseEnter: () => setPaused(true),
      onMouseLeave: () => setPaused(false),
      onFocus: () => setPaused(true),
      onBlur: () => setPaused(false),
    }),
    [],
  );
  return { paused, pauseHandlers };
}

/** How long a slide takes to move, as antd's (ms). */
const SPEED_MS = 500;

export function PlainCarousel({
  children,
  label,
  autoplay,
  dots = true,
  className,
}: {
  /** One node per slide. */
  children: ReactNode;
  /** The carousel's name. */
  label: string;
  /** Time on each slide in ms (no autoplay when absent). */
  autoplay?: number;
  dots?: boolean;
  className?: string;
}) {
  const slides = Children.toArray(children);
  const count = slides.length;
  // 0 … count; `count` is the copy of the first slide after the last, reached when the carousel
  // loops, and replaced by the first slide itself once the move has ended.
  const [position, setPosition] = useState(0);
  const [animate, setAnimate] = useState(true);
  const { paused, pauseHandlers } = useCarouselPause();
  const active = count ? position % count : 0;

  useEffect(() => {
    if (!autoplay || count < 2 || paused) return undefined;
    const timer = window.setTimeout(() => {
      setAnimate(true);
      setPosition((p) => Math.min(p + 1, count));
    }, autoplay);
    return () => window.clearTimeout(timer);
  }, [autoplay, count, paused, position]);

  useEffect(() => {
    if (position < count || count === 0) return undefined;
    const timer = window.setTimeout(() => {
      setAnimate(false);
      setPosition(0);
    }, SPEED_MS);
    return () => window.clearTimeout(timer);
  }, [position, count]);

  // The jump back to the first slide is drawn without a move; moves animate again afterwards.
  useEffect(() => {
    if (animate) return undefined;
    const frame = window.requestAnimationFrame(() => setAnimate(true));
    return () => window.cancelAnimationFrame(frame);
  }, [animate]);

  if (count === 0) return null;
  const go = (i: number) => {
    setAnimate(true);
    setPosition(i);
  };
  const track: CSSProperties = {
    transform: `translate3d(-${position * 100}%, 0, 0)`,
    transition: animate ? undefined : 'none',
  };

  return (
    <section
      className={className ? `qy-ui-carousel ${className}` : 'qy-ui-carousel'}
      aria-roledescription="carousel"
      aria-label={label}
      {...pauseHandlers}
    >
      <div className="qy-ui-carousel__track" style={track}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className="qy-ui-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={CAROUSEL_TEXT.slide(i + 1)}
            aria-hidden={i !== active || position === count}
            inert={i !== active || position === count}
          >
            {slide}
          </div>
        ))}
        {count > 1 && (
          <div className="qy-ui-carousel__slide" aria-hidden="true" inert>
            {slides[0]}
          </div>
        )}
      </div>
      {dots && count > 1 && (
        <ul className={paused ? 'qy-ui-carousel__dots is-paused' : 'qy-ui-carousel__dots'} style={{ '--qy-ui-dot-duration': `${autoplay ?? 0}ms` } as CSSProperties}>
          {slides.map((_, i) => (
            // key: the active dot is a new element on each slide, so its progress bar starts again.
            <li key={i === active ? `active-${position}` : i} className={i === active ? 'is-active' : undefined}>
              <button type="button" aria-label={CAROUSEL_TEXT.slide(i + 1)} aria-current={i === active} onClick={() => go(i)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
