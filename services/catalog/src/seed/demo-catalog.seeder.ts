import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Subjects } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { CatalogConfig } from '../config.js';
import { Product } from '../products/product.entity.js';
import { productChangedOf } from '../products/product.views.js';
import { Review } from '../reviews/review.entity.js';
import { imagePathOf } from '../uploads/image-files.js';
import { ImageStorage } from '../uploads/image-storage.service.js';
import { DEMO_PRODUCTS } from './demo-catalog.js';
import { DEMO_IMAGES_DIR } from './seed-files.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * At start-up (unless SEED_DEMO_CATALOG is false): puts the demo images into
 * the image folder where missing, and fills an empty catalog with the demo
 * products and their reviews, in one transaction with a product.created event
 * for each. Several replicas starting together seed once: the transaction
 * locks the product table and checks again that it is empty.
 */
@Injectable()
export class DemoCatalogSeeder implements OnModuleInit {
  private readonly logger = new Logger('DemoCatalog');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: CatalogConfig,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly storage: ImageStorage,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.SEED_DEMO_CATALOG) return;
    const paths = await this.installImages();
    if ((await this.dataSource.getRepository(Product).count()) > 0) return;
    const seeded = await this.seed(paths);
    if (seeded) this.logger.log(`seeded the demo catalog: ${seeded} products`);
  }

  /**
   * Puts each demo picture into the image store when missing: the drawing (SVG, which catalogs seeded
   * before keep showing) and its raster set (seed/images/{name}.webp and its copies, drawn by
   * tools/scripts/demo-images.mjs). Answers the path each demo product shows: the raster original,
   * whose copies the front ends offer by the naming rule of @shop/contracts' images.ts.
   */
  private async installImages(): Promise<Map<string, string>> {
    const files = await readdir(DEMO_IMAGES_DIR);
    const paths = new Map<string, string>();
    for (const { image } of DEMO_PRODUCTS) {
      const name = image.replace(/\.svg$/, '');
      const set = files.filter((file) => file === image || file === `${name}.webp` || file.startsWith(`${name}-w`));
      try {
        await this.storage.installMissing(DEMO_IMAGES_DIR, set);
        paths.set(image, set.includes(`${name}.webp`) ? imagePathOf(`${name}.webp`) : imagePathOf(image));
      } catch (error) {
        this.logger.warn(`demo image ${image} cannot be installed: ${String(error)}`);
        paths.set(image, imagePathOf(image));
      }
    }
    return paths;
  }

  /** Seeds an empty catalog; answers how many products it added (0 when the catalog was not empty). */
  async seed(imagePaths: Map<string, string>): Promise<number> {
    return this.outbox.transaction(async (manager, emit) => {
      await manager.query('LOCK TABLE product IN SHARE ROW EXCLUSIVE MODE');
      if ((await manager.count(Product)) > 0) return 0;
      const now = Date.now();
      const products = DEMO_PRODUCTS.map((demo, index) => {
        // A minute apart, so that the home list shows them in the order above.
        const createdAt = new Date(now - index * MINUTE);
        return manager.create(Product, {
          id: randomUUID(),
          name: demo.name,
          image: imagePaths.get(demo.image) ?? imagePathOf(demo.image),
          brand: demo.brand,
          category: demo.category,
          description: demo.description,
          priceCents: demo.priceCents,
          countInStock: demo.countInStock,
          rating: 0,
          numReviews: 0,
          createdAt,
          updatedAt: createdAt,
        });
      });
      await manager.insert(Product, products);
      const reviews = DEMO_PRODUCTS.flatMap((demo, index) =>
        demo.reviews.map((review) =>
          manager.create(Review, {
            id: randomUUID(),
            productId: products[index].id,
            userId: review.reviewer.id,
            name: review.reviewer.name,
            rating: review.rating,
            comment: review.comment,
            createdAt: new Date(now - review.daysAgo * DAY),
          }),
        ),
      );
      if (reviews.length > 0) await manager.insert(Review, reviews);
      await manager.query(`
        UPDATE product
           SET rating = stats.average, num_reviews = stats.count
          FROM (SELECT product_id, avg(rating)::double precision AS average, count(*)::integer AS count
                  FROM review GROUP BY product_id) AS stats
         WHERE product.id = stats.product_id`);
      for (const product of products) await emit(Subjects.ProductCreated, productChangedOf(product));
      return products.length;
    });
  }
}
