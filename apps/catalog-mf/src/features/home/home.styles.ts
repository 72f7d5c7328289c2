/** The home page's look (heading, product cards, top products carousel): static CSS from the @shop/ui theme, added once by HomePage. */
import { css, media, theme } from '@shop/ui';

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
  searchLayout: 'catalog-search',
  searchBar: 'catalog-search__bar',
  facetsToggle: 'catalog-search__facets-toggle',
  facets: 'catalog-search__facets',
  facetsOpen: 'catalog-search__facets--open',
  facetGroup: 'catalog-search__group',
  facetCount: 'catalog-search__count',
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
/*
 * The search page: the facets beside the results from md up; below, under a "Filters" button that
 * opens them (a phone shows the results first).
 */
.${home.searchLayout} {
  display: grid;
  gap: ${space[3]};
}
${media.up('md')} {
  .${home.searchLayout} {
    grid-template-columns: minmax(12rem, 16rem) minmax(0, 1fr);
    align-items: start;
  }
  .${home.facetsToggle} {
    display: none;
  }
}
.${home.searchBar} {
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: ${space[2]};
}
${media.down('md')} {
  .${home.facets}:not(.${home.facetsOpen}) {
    display: none;
  }
}
.${home.facetGroup} {
  margin: 0 0 ${space[3]};
  padding: 0;
  border: 0;
}
.${home.facetGroup} legend {
  font-size: ${fontSizes.base};
  font-weight: ${fontWeights.bold};
  margin-bottom: ${space[1]};
}
.${home.facetCount} {
  color: ${colors.textMuted};
}
`;
