import type { ProductChanged, ProductDto, ReviewDto } from '@shop/contracts';
import { toDollars } from '@shop/pricing';
import type { Review } from '../reviews/review.entity.js';
import type { Product } from './product.entity.js';

/** A product as the API answers it: `_id`, the price in dollars, ISO dates. */
export function toProductDto(product: Product): ProductDto {
  return {
    _id: product.id,
    name: product.name,
    image: product.image,
    brand: product.brand,
    category: product.category,
    description: product.description,
    price: toDollars(product.priceCents),
    countInStock: product.countInStock,
    rating: product.rating,
    numReviews: product.numReviews,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

export function toReviewDto(review: Review): ReviewDto {
  return {
    _id: review.id,
    name: review.name,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
  };
}

/** What the other services are told of a product (product.created / product.updated). */
export function productChangedOf(product: Product): ProductChanged {
  return {
    id: product.id,
    name: product.name,
    image: product.image,
    priceCents: product.priceCents,
    countInStock: product.countInStock,
  };
}
