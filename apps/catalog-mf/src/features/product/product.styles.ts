/** The product page's look: static CSS from the @shop/ui theme, added once by ProductPage. */
import { classed, css, Picture, theme } from '@shop/ui';

const { colors, space, radii } = theme;

const product = {
  back: 'catalog-product__back',
  image: 'catalog-product__image',
  details: 'catalog-product__details',
  reviews: 'catalog-product__reviews',
  panel: 'catalog-product__panel',
  line: 'catalog-product__line',
  reviewList: 'catalog-reviews',
  review: 'catalog-reviews__item',
  byline: 'catalog-reviews__byline',
} as const;

export const Back = classed('div', product.back);
/** Square box reserved before the image arrives, so the text beside it does not move. */
export const ProductImage = classed(Picture, product.image);
export const Details = classed('div', product.details);
export const Reviews = classed('section', product.reviews);
export const Panel = classed('section', product.panel);
export const Line = classed('p', product.line);
export const ReviewItems = classed('ul', product.reviewList);
export const ReviewItem = classed('li', product.review);
/** The reviewer's name and their stars on one line, apart, wrapping on narrow screens. */
export const Byline = classed('div', product.byline);

export const PRODUCT_STYLE_ID = 'catalog-product-style';

export const productCss = css`
.${product.back} {
  margin: ${space[3]} 0;
}
.${product.image} {
  display: block;
  width: 100%;
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${radii.md};
  background-color: ${colors.surface};
}
.${product.details} h1 {
  margin-top: 0;
  font-size: ${theme.fontSizes.xl};
}
.${product.reviews} {
  margin-top: ${space[4]};
}
.${product.panel} {
  padding: ${space[3]};
  border: ${theme.borders.hairline} solid ${colors.border};
  border-radius: ${radii.md};
}
.${product.line} {
  display: flex;
  justify-content: space-between;
  margin: 0 0 ${space[3]};
}
.${product.reviewList} {
  margin: 0;
  padding: 0;
  list-style: none;
}
.${product.review} {
  padding: ${space[3]} 0;
  border-bottom: ${theme.borders.hairline} solid ${colors.border};
}
.${product.review} p {
  margin: 0;
}
.${product.byline} {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space[2]};
}
`;
