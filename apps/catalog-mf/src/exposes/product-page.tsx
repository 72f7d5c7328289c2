/**
 * The product detail (spec section 2, route /product/:id), exposed to the shell as `catalog/ProductPage`.
 * Needs ShopThemeProvider and ShopClientProvider above it (the shell's, or the standalone bootstrap's).
 */
import { Link, useParams } from 'react-router-dom';
import { Button, Col, colImageSizes, dollars, QueryResult, Rating, Row, usePageTitle } from '@shop/ui';
import { useProduct } from '../features/product/api/get-product.js';
import { AddToCartPanel } from '../features/product/add-to-cart-panel.js';
import { Back, Details, ProductImage, Reviews } from '../features/product/product.styles.js';
import { ReviewForm } from '../features/product/review-form.js';
import { ReviewList } from '../features/product/review-list.js';
import { reviewCountText } from '../shared/review-count.js';

/** The page's head when the server renders it (title, description, structured data): docs/ssr.md. */
export { productPageHead as pageHead } from '../features/product/product-head.js';

const IMAGE_SPAN = { md: 6 };
const IMAGE_SIZES = colImageSizes(IMAGE_SPAN);

export default function ProductPage() {
  const { id } = useParams();
  const query = useProduct(id);
  usePageTitle(query.data?.name);

  return (
    <>
      <Back>
        <Button as={Link} to="/" $variant="light">
          Go Back
        </Button>
      </Back>
      <QueryResult query={query}>
        {(product) => (
          <>
            <Row>
              <Col $span={IMAGE_SPAN}>
                <ProductImage src={product.image} alt={product.name} width={640} height={640} sizes={IMAGE_SIZES} priority />
              </Col>
              <Col $span={{ md: 3 }}>
                <Details>
                  <h1>{product.name}</h1>
                  <Rating value={product.rating} text={reviewCountText(product.numReviews)} />
                  <p>Price: {dollars(product.price)}</p>
                  <p>Description: {product.description}</p>
                </Details>
              </Col>
              <Col $span={{ md: 3 }}>
                <AddToCartPanel product={product} />
              </Col>
            </Row>
            <Row>
              <Col $span={{ md: 6 }}>
                <Reviews aria-labelledby="reviews">
                  <h2 id="reviews">Reviews</h2>
                  <ReviewList reviews={product.reviews} />
                  <ReviewForm productId={product._id} />
                </Reviews>
              </Col>
            </Row>
          </>
        )}
      </QueryResult>
    </>
  );
}
