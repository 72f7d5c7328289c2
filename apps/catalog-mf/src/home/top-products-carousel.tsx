import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { useTopProducts } from '@shop/shop-client';
import { Alert, Carousel, dollars, Picture, Spinner } from '@shop/ui';

const SlideLink = styled(Link)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: inherit;
  text-decoration: none;
`;

/** A fixed square (12rem, 192 px), so the carousel keeps its height while the images load. */
const IMAGE_PX = 192;
const Image = styled(Picture)`
  width: 12rem;
  height: 12rem;
  border-radius: ${({ theme }) => theme.radii.round};
  object-fit: cover;
  background-color: ${({ theme }) => theme.colors.surface};
`;

/** The loading slide: laid out as a product's slide, so the list below does not move when they arrive. */
const LoadingSlide = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const ImagePlaceholder = styled.div`
  display: grid;
  place-items: center;
  width: 12rem;
  height: 12rem;
  border-radius: ${({ theme }) => theme.radii.round};
  background-color: ${({ theme }) => theme.colors.surface};
`;

const Caption = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  text-align: center;
`;

/** The top-rated products of the home page (shown when there is no keyword), each linking to its page. */
export function TopProductsCarousel() {
  const { data: answer, error } = useTopProducts();
  // Rendered in a background pass once the answer is in, as the home page's cards.
  const products = useDeferredValue(answer);
  if (!products && !error) {
    return (
      <Carousel label="Top rated products">
        <LoadingSlide>
          <ImagePlaceholder>
            <Spinner label="Loading top products..." />
          </ImagePlaceholder>
          <Caption aria-hidden="true">&nbsp;</Caption>
        </LoadingSlide>
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
          <Image src={product.image} alt={product.name} width={IMAGE_PX} height={IMAGE_PX} sizes={`${IMAGE_PX}px`} priority={index === 0} />
          <Caption>
            {product.name} ({dollars(product.price)})
          </Caption>
        </SlideLink>
      ))}
    </Carousel>
  );
}
