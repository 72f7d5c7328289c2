/** The home page's look (heading, product cards, top products carousel, search layout and facets): styled components with the @shop/ui theme's tokens. */
import { Link } from 'react-router-dom';
import { css, styled } from 'styled-components';
import { Card, CardBody, media, Picture, theme } from '@shop/ui';

const { colors, space, fontSizes, fontWeights, radii } = theme;

export const Heading = styled.h1`
  margin: ${space[3]} 0;
`;

/*
 * The browser lays out and paints a card only when it nears the screen: on a phone the grid is one
 * card wide, and laying out the whole page of them was one of the longest tasks of the first render.
 * Until then a card counts as sizes.cardEstimate tall (about one card); once shown, its real height is kept.
 */
export const ProductCardFrame = styled(Card)`
  content-visibility: auto;
  contain-intrinsic-size: auto ${theme.sizes.cardEstimate};
`;

export const CardName = styled.h2`
  margin: 0;
  font-size: ${fontSizes.base};
  font-weight: ${fontWeights.medium};

  a {
    color: ${colors.link};
  }
`;

export const CardPrice = styled.p`
  margin: 0;
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
`;

/** Keeps its place in the layout but shows nothing: the placeholder's text only gives it a card's height. */
export const InvisibleCardBody = styled(CardBody)`
  visibility: hidden;
`;

const slide = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space[2]};
  color: inherit;
  text-decoration: none;
`;

/** A product's slide: picture and caption, linking to its page. */
export const SlideLink = styled(Link)`
  ${slide}
`;

/** The loading slide, laid out as a product's. */
export const SlideBox = styled.div`
  ${slide}
`;

/* A fixed square (sizes.carouselImage), so the carousel keeps its height while the images load. */
const slideImage = css`
  display: grid;
  place-items: center;
  width: ${theme.sizes.carouselImage};
  height: ${theme.sizes.carouselImage};
  border-radius: ${radii.round};
  object-fit: cover;
  background-color: ${colors.surface};
`;

export const SlideImage = styled(Picture)`
  ${slideImage}
`;

/** The loading slide's square, holding the spinner. */
export const SlideImageBox = styled.div`
  ${slideImage}
`;

export const Caption = styled.span`
  font-size: ${fontSizes.lg};
  text-align: center;
`;

/*
 * The search page: the facets beside the results from md up; below, under a "Filters" button that
 * opens them (a phone shows the results first).
 */
export const SearchLayout = styled.div`
  display: grid;
  gap: ${space[3]};

  ${media.up('md')} {
    grid-template-columns: minmax(12rem, 16rem) minmax(0, 1fr);
    align-items: start;
  }
`;

export const SearchBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  justify-content: space-between;
  gap: ${space[2]};
`;

/*
 * The facets' column: the "Filters" button, then the panel it controls. Below md the panel shows only
 * while the button is expanded (its aria-expanded is the one state, so the look cannot disagree with
 * what screen readers hear); from md the panel always shows and the button is gone.
 */
export const FacetsColumn = styled.div`
  ${media.up('md')} {
    & > button[aria-controls] {
      display: none;
    }
  }

  ${media.down('md')} {
    & > button[aria-expanded='false'] + section {
      display: none;
    }
  }
`;

export const FacetGroup = styled.fieldset`
  margin: 0 0 ${space[3]};
  padding: 0;
  border: 0;

  legend {
    font-size: ${fontSizes.base};
    font-weight: ${fontWeights.bold};
    margin-bottom: ${space[1]};
  }
`;

export const FacetCount = styled.span`
  color: ${colors.textMuted};
`;
