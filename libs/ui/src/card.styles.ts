import { css } from './css.js';
import { theme } from './theme.js';

export const card = { root: 'shop-card', body: 'shop-card__body', media: 'shop-card__media' } as const;

export const cardCss = css`
/* The frame of a product card: image on top, body below, the same height as its neighbours in a row. */
.${card.root} {
  display: flex;
  flex-direction: column;
  height: 100%;
  border: ${theme.borders.hairline} solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background-color: ${theme.colors.background};
  overflow: hidden;
}
.${card.body} {
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  flex: 1;
  padding: ${theme.space[3]};
}
/* The box reserves its height from its aspect-ratio (set by CardMedia) before the image arrives. */
.${card.media} {
  background-color: ${theme.colors.surface};
}
.${card.media} a {
  display: block;
  height: 100%;
}
.${card.media} img {
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
}
`;
