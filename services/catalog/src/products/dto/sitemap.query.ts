import { PageNumber } from '@shop/service-kit';

/** GET /api/products/sitemap?pageNumber= */
export class SitemapQuery {
  @PageNumber()
  pageNumber?: number;
}
