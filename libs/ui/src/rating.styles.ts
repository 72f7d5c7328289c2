import { css } from './css.js';
import { theme } from './theme.js';

export const rating = {
  root: 'shop-rating',
  stars: 'shop-rating__stars',
  star: 'shop-rating__star',
  /** How much of a star is solid: none, half, whole. */
  fill: { 0: 'shop-rating__star--empty', 0.5: 'shop-rating__star--half', 1: 'shop-rating__star--full' },
  text: 'shop-rating__text',
} as const;

export const ratingCss = css`
.${rating.root} {
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  margin: ${theme.space[2]} 0;
}
.${rating.stars} {
  display: inline-flex;
  gap: ${theme.sizes.starGap};
  line-height: 1;
}
/* One star: an outline, with a solid star clipped to 0, 50 or 100% of its width laid over it. */
.${rating.star} {
  position: relative;
  display: inline-block;
  width: 1em;
  color: ${theme.colors.star};
}
.${rating.star}::before {
  content: '☆';
}
.${rating.star}::after {
  content: '★';
  position: absolute;
  inset: 0;
  width: 0;
  overflow: hidden;
}
.${rating.fill[0.5]}::after {
  width: 50%;
}
.${rating.fill[1]}::after {
  width: 100%;
}
.${rating.text} {
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
}
`;
