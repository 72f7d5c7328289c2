/**
 * What the product page tells search engines and link previews (docs/ssr.md): its title and
 * description, its own address, and schema.org Product data (price, currency, availability, rating),
 * from the same answer the page shows.
 */
import type { PageHead, PageHeadInput, ProductDetailDto } from '@shop/contracts';

/** Search results show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

/** The address the page's first call asks for (src/exposes/first-calls.json, /api/products/:id). */
export const productAddress = (id: string) => `/api/products/${id}`;

export function clipped(text: string, length = DESCRIPTION_LENGTH): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length <= length ? plain : `${plain.slice(0, length - 1).replace(/\s+\S*$/, '')}…`;
}

/** schema.org Product, as Google reads it for product results: https://schema.org/Product */
export function productJsonLd(product: ProductDetailDto, origin: string): Record<string, unknown> {
  const url = new URL(`/product/${product._id}`, origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    description: product.description,
    image: new URL(product.image, origin).href,
    sku: product._id,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    offers: {
      '@type': 'Offer',
      url,
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: product.countInStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    // A rating without reviews is no rating: Google rejects a reviewCount of 0.
    ...(product.numReviews > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.numReviews, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

export function productPageHead({ params, origin, answer }: PageHeadInput): PageHead {
  const product = params.id ? answer<ProductDetailDto>(productAddress(params.id)) : undefined;
  if (!product) return { title: 'Product not found', noindex: true };
  return {
    title: product.name,
    description: clipped(product.description),
    canonicalPath: `/product/${product._id}`,
    image: product.image,
    type: 'product',
    jsonLd: productJsonLd(product, origin),
  };
}
