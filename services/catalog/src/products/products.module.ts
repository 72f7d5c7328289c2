import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Review } from '../reviews/review.entity.js';
import { Product } from './product.entity.js';
import { ProductReadCache } from './product-read-cache.js';
import { ProductsController } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** Products: the list, search, carousel and detail for everyone (kept briefly in the read cache); create, edit and delete for admins. */
@Module({
  imports: [TypeOrmModule.forFeature([Product, Review])],
  controllers: [ProductsController],
  providers: [ProductsService, ProductReadCache],
  exports: [ProductsService, ProductReadCache],
})
export class ProductsModule {}
