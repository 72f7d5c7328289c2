import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { DataSource, type EntityManager } from 'typeorm';
import type { TokenClaims } from '@shop/contracts';
import { isUniqueViolation } from '@shop/service-kit/database';
import { Product } from '../products/product.entity.js';
import { ProductReadCache } from '../products/product-read-cache.js';
import { PRODUCT_NOT_FOUND } from '../products/products.service.js';
import type { CreateReviewDto } from './dto/create-review.dto.js';
import { Review } from './review.entity.js';

export const ALREADY_REVIEWED = 'Product already reviewed';

/** The unique index that keeps one review per user and product. */
const ONE_REVIEW_PER_USER = 'review_one_per_user';

@Injectable()
export class ReviewsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ProductReadCache,
  ) {}

  /**
   * Adds the user's review and recomputes the product's rating and
   * numReviews from its reviews, in one transaction that first locks the
   * product row: concurrent reviews of one product take turns, so none is
   * lost from the count. The unique index turns a second review by the same
   * user into 'Product already reviewed' even if two requests race.
   * Once it has committed, the products' cached reads (rating, reviews) are dropped.
   */
  async add(productId: string, user: TokenClaims, input: CreateReviewDto): Promise<void> {
    if (!isUUID(user.sub)) throw new UnauthorizedException('Not authorized, token failed');
    try {
      await this.dataSource.transaction(async (manager) => {
        const product = await manager.findOne(Product, { where: { id: productId }, lock: { mode: 'pessimistic_write' } });
        if (!product) throw new NotFoundException(PRODUCT_NOT_FOUND);
        if (await manager.existsBy(Review, { productId, userId: user.sub })) throw new BadRequestException(ALREADY_REVIEWED);
        await manager.insert(Review, {
          id: randomUUID(),
          productId,
          userId: user.sub,
          name: user.name,
          rating: input.rating,
          comment: input.comment,
          createdAt: new Date(),
        });
        await recomputeRating(manager, productId);
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_REVIEW_PER_USER)) throw new BadRequestException(ALREADY_REVIEWED);
      throw error;
    } finally {
      this.cache.productsChanged();
    }
  }
}

/** Sets a product's rating (average, 0 without reviews) and numReviews from its reviews. */
export async function recomputeRating(manager: EntityManager, productId: string): Promise<void> {
  await manager.query(
    `UPDATE product
        SET (rating, num_reviews) = (
          SELECT coalesce(avg(review.rating), 0)::double precision, count(*)::integer
            FROM review WHERE review.product_id = $1)
      WHERE id = $1`,
    [productId],
  );
}
