/**
 * What search engines read before the pages (docs/ssr.md): /robots.txt (what not to crawl, where the
 * sitemap is) and /sitemap.xml with every product's page, from the catalog's sitemap read. Above
 * SITEMAP_PAGE_SIZE products (the most one sitemap file may list), /sitemap.xml is an index of
 * /sitemap-products-{n}.xml files. Addresses are the shop's public ones (PUBLIC_URL), never a request's Host.
 */
import { Controller, Get, Inject, NotFoundException, Param, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { LRUCache } from 'lru-cache';
import { REQUEST_ID_HEADER, SERVICE_CONFIG, UpstreamPool } from '@shop/service-kit';
import type { ProductSitemapDto } from '@shop/contracts';
import type { StorefrontConfig } from '../config.js';
import { ServerPages } from './server-pages.js';

/** How long a sitemap file is kept before the catalog is asked again. */
const SITEMAP_KEPT_MS = 60_000;
/** A sitemap page of 50,000 products is ~4 MB of JSON. */
const MAX_SITEMAP_BYTES = 16 * 1024 * 1024;

/** The browser routes no search engine should crawl: a shopper's own pages and the admin's. */
const PRIVATE_ROUTES = ['/cart', '/login', '/register', '/forgot-password', '/reset-password', '/profile', '/shipping', '/payment', '/placeorder', '/order/', '/admin/', '/api/'];

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

@ApiExcludeController()
@Controller()
export class SearchEnginesController {
  private readonly kept = new LRUCache<number, ProductSitemapDto>({ max: 16, ttl: SITEMAP_KEPT_MS });
  private readonly asking = new Map<number, Promise<ProductSitemapDto>>();
  private readonly timeoutMs: number;

  constructor(
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
    private readonly pool: UpstreamPool,
    private readonly pages: ServerPages,
  ) {
    this.timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  }

  @Get('robots.txt')
  robots(@Res() res: Response): void {
    const lines = ['User-agent: *', ...PRIVATE_ROUTES.map((path) => `Disallow: ${path}`), '', `Sitemap: ${this.pages.publicOrigin}/sitemap.xml`, ''];
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(lines.join('\n'));
  }

  @Get('sitemap.xml')
  async sitemap(@Res() res: Response): Promise<void> {
    const first = await this.products(1, res);
    const body =
      first.pages > 1
        ? sitemapIndex(Array.from({ length: first.pages }, (_, at) => `${this.pages.publicOrigin}/sitemap-products-${at + 1}.xml`))
        : urlSet(this.pages.publicOrigin, first, true);
    this.sendXml(res, body);
  }

  @Get('sitemap-products-:page.xml')
  async productSitemap(@Param('page') pageParam: string, @Res() res: Response): Promise<void> {
    const page = /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 0;
    // A page past the last is known from the first (kept a minute): the catalog is not asked for it.
    if (!page || page > (await this.products(1, res)).pages) throw new NotFoundException('Not found');
    const answer = await this.products(page, res);
    this.sendXml(res, urlSet(this.pages.publicOrigin, answer, page === 1));
  }

  private sendXml(res: Response, body: string): void {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/xml').send(body);
  }

  /** One page of the catalog's sitemap read, kept for a minute; asked once however many want it at once. */
  private products(page: number, res: Response): Promise<ProductSitemapDto> {
    const kept = this.kept.get(page);
    if (kept) return Promise.resolve(kept);
    let asking = this.asking.get(page);
    if (!asking) {
      asking = this.ask(page, String(res.getHeader(REQUEST_ID_HEADER) ?? ''));
      this.asking.set(page, asking);
      const done = () => this.asking.delete(page);
      asking.then(done, done);
    }
    return asking;
  }

  private async ask(page: number, requestId: string): Promise<ProductSitemapDto> {
    let answer;
    try {
      answer = await this.pool.getWhole(this.pool.pick('catalog'), `/api/products/sitemap?pageNumber=${page}`, {
        headers: { accept: 'application/json', [REQUEST_ID_HEADER]: requestId },
        timeoutMs: this.timeoutMs,
        maxBytes: MAX_SITEMAP_BYTES,
      });
    } catch {
      throw new ServiceUnavailableException('The catalog is unavailable right now');
    }
    if (answer.status !== 200) throw new ServiceUnavailableException('The catalog is unavailable right now');
    const products = JSON.parse(answer.body.toString('utf8')) as ProductSitemapDto;
    this.kept.set(page, products);
    return products;
  }
}

function urlSet(origin: string, answer: ProductSitemapDto, withHome: boolean): string {
  const urls = [
    ...(withHome ? [`<url><loc>${xml(`${origin}/`)}</loc></url>`] : []),
    ...answer.products.map((product) => `<url><loc>${xml(`${origin}/product/${encodeURIComponent(product._id)}`)}</loc><lastmod>${xml(product.updatedAt)}</lastmod></url>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(files: string[]): string {
  const entries = files.map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}
