import { Children, useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { Indicator, Indicators, NextArrow, PreviousArrow, Region, Slide, Track } from './carousel.styles.js';
import { CAROUSEL_INTERVAL_MS } from './tokens.js';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.js';

export interface CarouselProps {
  /** Names the carousel region, e.g. 'Top rated products'. */
  label: string;
  /** One child per slide. */
  children: ReactNode;
  /** Auto-advance interval; the spec's 5000 ms by default. */
  interval?: number;
  /** For a styled wrapper: lands on the carousel's region. */
  className?: string;
}

/**
 * A rotating carousel (the home page's top-rated products). It advances every 5000 ms, pauses while the
 * pointer is over it or focus is inside it, and does not rotate at all for users who prefer reduced
 * motion. Previous/next buttons and one indicator per slide work by keyboard; follows the WAI-ARIA
 * carousel pattern (slides announced only when the user, not the timer, changes them).
 */
export function Carousel({ label, children, interval = CAROUSEL_INTERVAL_MS, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = count > 1 && !hovered && !focused && !reducedMotion;
  const current = count > 0 ? active % count : 0;

  useEffect(() => {
    if (!rotating) return undefined;
    // A fresh timeout per slide: moving by hand restarts the full interval.
    const timer = setTimeout(() => setActive((index) => (index + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [rotating, current, count, interval]);

  if (count === 0) return null;

  const show = (index: number) => setActive((index + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Region
      className={className}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <Track aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <Slide
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            aria-hidden={index !== current}
            inert={index !== current}
          >
            {slide}
          </Slide>
        ))}
      </Track>
      {count > 1 && (
        <>
          <PreviousArrow type="button" aria-label="Previous slide" onClick={() => show(current - 1)}>
            <span aria-hidden="true">‹</span>
          </PreviousArrow>
          <NextArrow type="button" aria-label="Next slide" onClick={() => show(current + 1)}>
            <span aria-hidden="true">›</span>
          </NextArrow>
        </>
      )}
      <Indicators>
        {count > 1 &&
          slides.map((_, index) => (
            <Indicator
              key={index}
              type="button"
              aria-label={`Show slide ${index + 1}`}
              aria-current={index === current}
              onClick={() => show(index)}
            />
          ))}
      </Indicators>
    </Region>
  );
}
