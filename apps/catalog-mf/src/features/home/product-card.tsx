import { Link } from 'react-router-dom';
import type { ProductDto } from '@shop/contracts';
import { Card, CardBody, CardMedia, colImageSizes, dollars, Rating } from '@shop/ui';
import { reviewCountText } from '../../shared/review-count.js';
import { CardName, CardPrice, InvisibleCardBody, ProductCardFrame } from './home.styles.js';

/** A card is one cell of the home grid (a Col without span). */
const CARD_IMAGE_SIZES = colImageSizes();

export interface ProductCardProps {
  product: ProductDto;
  /** In the first row of the grid: its image is fetched at once (see CardMedia). */
  priority?: boolean;
}

/** One product of the home grid: image and name link to its page, then rating and price (spec section 2). */
export function ProductCard({ product, priority = false }: ProductCardProps) {
  const href = `/product/${product._id}`;
  return (
    <ProductCardFrame>
      {/* The image link repeats the name link: hide it from Tab and screen readers so each card is one stop. */}
      <CardMedia
        src={product.image}
        alt={product.name}
        priority={priority}
        sizes={CARD_IMAGE_SIZES}
        wrap={(image) => (
          <Link to={href} tabIndex={-1} aria-hidden="true">
            {image}
          </Link>
        )}
      />
      <CardBody>
        <CardName>
          <Link to={href}>{product.name}</Link>
        </CardName>
        <Rating value={product.rating} text={reviewCountText(product.numReviews)} />
        <CardPrice>{dollars(product.price)}</CardPrice>
      </CardBody>
    </ProductCardFrame>
  );
}

/**
 * A card-shaped placeholder for a product still loading: the same image box and body height as a
 * product card with a one-line name, so the grid (and the footer) stay put when the products arrive.
 */
export function ProductCardPlaceholder() {
  return (
    <Card aria-hidden="true">
      <CardMedia src="" alt="" />
      <InvisibleCardBody>
        <CardName>Loading</CardName>
        <Rating value={0} text={reviewCountText(0)} />
        <CardPrice>$0.00</CardPrice>
      </InvisibleCardBody>
    </Card>
  );
}
