import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';

/** Reviews: signed-in users review a product once; the product's rating follows. */
@Module({
  // A review changes its product's rating: the products' cached reads are dropped.
  imports: [ProductsModule],
  controllers: [ReviewsController],
  providers: [ReviewsService],
})
export class ReviewsModule {}
