/** The home page's look (heading, product cards, top products carousel): static CSS from the @shop/ui theme, added once by HomePage. */
import { css, theme } from '@shop/ui';

const { colors, space, fontSizes, fontWeights, radii } = theme;

export const home = {
  heading: 'catalog-home__heading',
  card: 'catalog-card',
  cardName: 'catalog-card__name',
  cardPrice: 'catalog-card__price',
  invisible: 'catalog-card__invisible',
  slideLink: 'catalog-top__slide',
  slideImage: 'catalog-top__image',
  caption: 'catalog-top__caption',
} as const;

export const HOME_STYLE_ID = 'catalog-home-style';

export const homeCss = css`
.${home.heading} {
  margin: ${space[3]} 0;
}
/*
 * The browser lays out and paints a card only when it nears the screen: on a phone the grid is one
 * card wide, and laying out the whole page of them was one of the longest tasks of the first render.
 * Until then a card counts as sizes.cardEstimate tall (about one card); once shown, its real height is kept.
 */
.${home.card} {
  content-visibility: auto;
  contain-intrinsic-size: auto ${theme.sizes.cardEstimate};
}
.${home.cardName} {
  margin: 0;
  font-size: ${fontSizes.base};
  font-weight: ${fontWeights.medium};
}
.${home.cardName} a {
  color: ${colors.link};
}
.${home.cardPrice} {
  margin: 0;
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
}
/* Keeps its place in the layout but shows nothing: the placeholder's text only gives it a card's height. */
.${home.invisible} {
  visibility: hidden;
}
.${home.slideLink} {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space[2]};
  color: inherit;
  text-decoration: none;
}
/* A fixed square (sizes.carouselImage), so the carousel keeps its height while the images load. */
.${home.slideImage} {
  display: grid;
  place-items: center;
  width: ${theme.sizes.carouselImage};
  height: ${theme.sizes.carouselImage};
  border-radius: ${radii.round};
  object-fit: cover;
  background-color: ${colors.surface};
}
.${home.caption} {
  font-size: ${fontSizes.lg};
  text-align: center;
}
`;
