import { useDeferredValue } from 'react';
import { Alert, Carousel, dollars, Spinner } from '@shop/ui';
import { useTopProducts } from './api/get-top-products.js';
import { Caption, SlideBox, SlideImage, SlideImageBox, SlideLink } from './home.styles.js';

/** The images are a fixed square of theme.sizes.carouselImage (12rem, home.styles.ts): 192 px at 1x. */
const IMAGE_PX = 192;

/** The top-rated products of the home page (shown when there is no keyword), each linking to its page. */
export function TopProductsCarousel() {
  const { data: answer, error } = useTopProducts();
  // Rendered in a background pass once the answer is in, as the home page's cards.
  const products = useDeferredValue(answer);
  if (!products && !error) {
    return (
      <Carousel label="Top rated products">
        {/* The loading slide: laid out as a product's slide, so the list below does not move when they arrive. */}
        <SlideBox>
          <SlideImageBox>
            <Spinner label="Loading top products..." />
          </SlideImageBox>
          <Caption aria-hidden="true">
            &nbsp;
          </Caption>
        </SlideBox>
      </Carousel>
    );
  }
  if (error || !products) return <Alert variant="danger">{error?.message}</Alert>;
  if (products.length === 0) return null;
  return (
    <Carousel label="Top rated products">
      {products.map((product, index) => (
        <SlideLink key={product._id} to={`/product/${product._id}`}>
          {/* The first slide is in view at once; the others wait until the shopper moves on. */}
          <SlideImage src={product.image} alt={product.name} width={IMAGE_PX} height={IMAGE_PX} sizes={`${IMAGE_PX}px`} priority={index === 0} />
          <Caption>
            {product.name} ({dollars(product.price)})
          </Caption>
        </SlideLink>
      ))}
    </Carousel>
  );
}
