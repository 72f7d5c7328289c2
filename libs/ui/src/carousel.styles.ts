import { css } from './css.js';
import { theme } from './theme.js';

const { colors, space, radii, durations } = theme;

export const carousel = {
  region: 'shop-carousel',
  track: 'shop-carousel__track',
  slide: 'shop-carousel__slide',
  slideActive: 'shop-carousel__slide--active',
  arrow: 'shop-carousel__arrow',
  arrowSide: { left: 'shop-carousel__arrow--left', right: 'shop-carousel__arrow--right' },
  indicators: 'shop-carousel__indicators',
  indicator: 'shop-carousel__indicator',
} as const;

export const carouselCss = css`
.${carousel.region} {
  position: relative;
  border-radius: ${radii.md};
  background-color: ${colors.primary};
  color: ${colors.onPrimary};
  overflow: hidden;
  margin-bottom: ${space[4]};
}
/* Every slide sits in the same grid cell, so the carousel is as tall as its tallest slide and never jumps. */
.${carousel.track} {
  display: grid;
}
.${carousel.slide} {
  grid-area: 1 / 1;
  padding: ${space[3]} ${space[5]};
  opacity: 0;
  visibility: hidden;
  transition:
    opacity ${durations.modal} ease-in-out,
    visibility ${durations.modal};
}
.${carousel.slideActive} {
  opacity: 1;
  visibility: visible;
}
.${carousel.arrow} {
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
}
.${carousel.arrowSide.left} {
  left: ${space[2]};
}
.${carousel.arrowSide.right} {
  right: ${space[2]};
}
/* Present even with one slide (and no dots), so the carousel is as tall with one slide as with many. */
.${carousel.indicators} {
  display: flex;
  justify-content: center;
  gap: ${space[2]};
  min-height: calc(${theme.sizes.carouselDot.height} + 2 * ${space[2]});
  padding: ${space[2]};
}
.${carousel.indicator} {
  width: ${theme.sizes.carouselDot.width};
  height: ${theme.sizes.carouselDot.height};
  padding: 0;
  border: ${theme.borders.hairline} solid ${colors.onPrimary};
  border-radius: ${radii.pill};
  background-color: transparent;
  cursor: pointer;
}
.${carousel.indicator}[aria-current='true'] {
  background-color: ${colors.onPrimary};
}
`;
