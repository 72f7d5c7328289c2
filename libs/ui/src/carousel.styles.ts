import { styled } from 'styled-components';
import { theme } from './theme.js';

const { colors, space, radii, durations } = theme;

export const Region = styled.section`
  position: relative;
  border-radius: ${radii.md};
  background-color: ${colors.primary};
  color: ${colors.onPrimary};
  overflow: hidden;
  margin-bottom: ${space[4]};
`;

/* Every slide sits in the same grid cell, so the carousel is as tall as its tallest slide and never jumps. */
export const Track = styled.div`
  display: grid;
`;

/** A slide: shown while it is the current one (the one not hidden from screen readers). */
export const Slide = styled.div`
  grid-area: 1 / 1;
  padding: ${space[3]} ${space[5]};
  opacity: 0;
  visibility: hidden;
  transition:
    opacity ${durations.modal} ease-in-out,
    visibility ${durations.modal};
  &[aria-hidden='false'] {
    opacity: 1;
    visibility: visible;
  }
`;

const Arrow = styled.button`
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
  width: ${theme.sizes.iconButton};
  height: ${theme.sizes.iconButton};
  border: 0;
  border-radius: ${radii.round};
  background-color: ${colors.scrim};
  color: ${colors.onPrimary};
  font-size: ${theme.fontSizes.xl};
  line-height: 1;
  cursor: pointer;
`;

export const PreviousArrow = styled(Arrow)`
  left: ${space[2]};
`;

export const NextArrow = styled(Arrow)`
  right: ${space[2]};
`;

/* Present even with one slide (and no dots), so the carousel is as tall with one slide as with many. */
export const Indicators = styled.div`
  display: flex;
  justify-content: center;
  gap: ${space[2]};
  min-height: calc(${theme.sizes.carouselDot.height} + 2 * ${space[2]});
  padding: ${space[2]};
`;

export const Indicator = styled.button`
  width: ${theme.sizes.carouselDot.width};
  height: ${theme.sizes.carouselDot.height};
  padding: 0;
  border: ${theme.borders.hairline} solid ${colors.onPrimary};
  border-radius: ${radii.pill};
  background-color: transparent;
  cursor: pointer;
  &[aria-current='true'] {
    background-color: ${colors.onPrimary};
  }
`;
