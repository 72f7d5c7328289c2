import { Children, useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { CAROUSEL_INTERVAL_MS } from './tokens.js';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.js';

export interface CarouselProps {
  /** Names the carousel region, e.g. 'Top rated products'. */
  label: string;
  /** One child per slide. */
  children: ReactNode;
  /** Auto-advance interval; the spec's 5000 ms by default. */
  interval?: number;
}

const Region = styled.section`
  position: relative;
  border-radius: ${({ theme }) => theme.radii.md};
  background-color: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  overflow: hidden;
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

/** Every slide sits in the same grid cell, so the carousel is as tall as its tallest slide and never jumps. */
const Track = styled.div`
  display: grid;
`;

const Slide = styled.div<{ $active: boolean }>`
  grid-area: 1 / 1;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[5]}`};
  opacity: ${({ $active }) => ($active ? 1 : 0)};
  visibility: ${({ $active }) => ($active ? 'visible' : 'hidden')};
  transition:
    opacity ${({ theme }) => theme.durations.modal} ease-in-out,
    visibility ${({ theme }) => theme.durations.modal};
`;

const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: ${({ theme }) => theme.space[2]};
  transform: translateY(-50%);
  width: 2.75rem;
  height: 2.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  background-color: rgb(0 0 0 / 0.45);
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: 1;
  cursor: pointer;
`;

/** Present even with one slide (and no dots), so the carousel is as tall with one slide as with many. */
const Indicators = styled.div`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: calc(0.5rem + 2 * ${({ theme }) => theme.space[2]});
  padding: ${({ theme }) => theme.space[2]};
`;

const Indicator = styled.button`
  width: 1.5rem;
  height: 0.5rem;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.onPrimary};
  border-radius: ${({ theme }) => theme.radii.pill};
  background-color: transparent;
  cursor: pointer;

  &[aria-current='true'] {
    background-color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

/**
 * A rotating carousel (the home page's top-rated products). It advances every 5000 ms, pauses while the
 * pointer is over it or focus is inside it, and does not rotate at all for users who prefer reduced
 * motion. Previous/next buttons and one indicator per slide work by keyboard; follows the WAI-ARIA
 * carousel pattern (slides announced only when the user, not the timer, changes them).
 */
export function Carousel({ label, children, interval = CAROUSEL_INTERVAL_MS }: CarouselProps) {
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
            $active={index === current}
          >
            {slide}
          </Slide>
        ))}
      </Track>
      {count > 1 && (
        <>
          <Arrow type="button" $side="left" aria-label="Previous slide" onClick={() => show(current - 1)}>
            <span aria-hidden="true">‹</span>
          </Arrow>
          <Arrow type="button" $side="right" aria-label="Next slide" onClick={() => show(current + 1)}>
            <span aria-hidden="true">›</span>
          </Arrow>
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
