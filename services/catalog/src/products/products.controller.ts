import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { ProductDto } from '@shop/contracts';
import { AdminOnly, BodyLimit } from '@shop/service-kit';
import { CreateProductDto } from './dto/create-product.dto.js';
import { ListProductsQuery, ProductFiltersQuery } from './dto/list-products.query.js';
import { ProductSuggestionsQuery } from './dto/product-suggestions.query.js';
import { ProductIdParams } from './dto/product-id.params.js';
import {
  MessageResponse,
  ProductDetailResponse,
  ProductFacetsResponse,
  ProductListResponse,
  ProductResponse,
  ProductSitemapResponse,
  ProductSuggestionsResponse,
} from './dto/product.response.js';
import { SitemapQuery } from './dto/sitemap.query.js';
import { UpdateProductDto } from './dto/update-product.dto.js';
import type { ProductRead } from './product-read-cache.js';
import { ProductsService } from './products.service.js';

/**
 * The catalog's public reads are the same for everyone: shared caches (the gateway, a CDN) may keep
 * them for a second, browsers must ask again every time (a 304 when nothing changed). See docs/catalog.md.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';
/** The same read asked with a token: for the browser only, and to be revalidated. */
export const SIGNED_IN_READ_CACHE_CONTROL = 'private, no-cache';

/** The caching headers of a public read, in the OpenAPI document. */
const readHeaders = {
  ETag: { description: 'Validator of the answer (weak); send it back in If-None-Match', schema: { type: 'string' } },
  'Cache-Control': {
    description: `\`${PUBLIC_READ_CACHE_CONTROL}\`, or \`${SIGNED_IN_READ_CACHE_CONTROL}\` to a request with Authorization`,
    schema: { type: 'string' },
  },
};

/** A public read: 200 with its validator and caching headers, 304 to a request that holds the current validator. */
const PublicRead = (type: Type | [Type]) =>
  applyDecorators(
    ApiOkResponse({ type, headers: readHeaders }),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of an answer kept by the browser' }),
    ApiResponse({ status: 304, description: 'Not modified: If-None-Match holds the current ETag' }),
  );

/**
 * Answers a read with its validator: 304 without a body when the request's If-None-Match holds it
 * (express's `req.fresh`), the JSON otherwise.
 */
function answerRead(req: Request, res: Response, read: ProductRead): void {
  res.setHeader('Cache-Control', req.headers.authorization === undefined ? PUBLIC_READ_CACHE_CONTROL : SIGNED_IN_READ_CACHE_CONTROL);
  res.setHeader('ETag', read.etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(read.json);
}

@ApiTags('products')
@Controller('api/products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @ApiOperation({
    summary:
      'One page of products (8 a page): newest first, or those a search finds (keyword, category, brand, price, rating, in stock) in the order asked (relevance first by default with a keyword)', description: "Public and cached by the gateway. Without a keyword the newest come first; an unknown or malformed filter is refused with 400. The answer says its page and how many pages there are.",
  })
  @PublicRead(ProductListResponse)
  @ApiBadRequestResponse({ description: 'A parameter that breaks its rule (its message says which), an unknown parameter, or minPrice over maxPrice' })
  async list(@Query() query: ListProductsQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    answerRead(req, res, await this.products.list(query, query.pageNumber ?? 1));
  }

  // Declared before ':id' so that 'facets' is never taken for an id.
  @Get('facets')
  @ApiOperation({
    summary:
      'For a search (the same parameters as the list, without page and sort): how many products each category, brand, price range, rating floor and in stock would leave, each counted with the other filters but not its own', description: "Public and cached by the gateway: the counts beside the shop's search filters, for the same query the product list takes.",
  })
  @PublicRead(ProductFacetsResponse)
  @ApiBadRequestResponse({ description: 'A parameter that breaks its rule, an unknown parameter, or minPrice over maxPrice' })
  async facets(@Query() query: ProductFiltersQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    answerRead(req, res, await this.products.facets(query));
  }

  // Declared before ':id' so that 'suggestions' is never taken for an id.
  @Get('suggestions')
  @ApiOperation({ summary: 'The best few products (at most 6) for what a shopper has typed so far in the search box; none for an empty q', description: "Public and cached by the gateway: the search box's suggestions, best match first." })
  @PublicRead(ProductSuggestionsResponse)
  @ApiBadRequestResponse({ description: 'A q over 100 characters, repeated, or an unknown parameter' })
  async suggestions(@Query() query: ProductSuggestionsQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    answerRead(req, res, await this.products.suggestions(query.q));
  }

  // Declared before ':id' so that 'sitemap' is never taken for an id.
  @Get('sitemap')
  @ApiOperation({ summary: "Every product's id and last change, oldest first, 50,000 a page: what the shop's /sitemap.xml lists", description: 'Public and cached by the gateway: read by the storefront server to write /sitemap.xml; the answer says its page and how many pages there are.' })
  @PublicRead(ProductSitemapResponse)
  @ApiBadRequestResponse({ description: 'A pageNumber that is not a whole number from 1' })
  async sitemap(@Query() query: SitemapQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    answerRead(req, res, await this.products.sitemap(query.pageNumber ?? 1));
  }

  // Declared before ':id' so that 'top' is never taken for an id.
  @Get('top')
  @ApiOperation({ summary: 'The best-rated products for the carousel, highest rating first', description: "Public and cached by the gateway: the home page's carousel." })
  @PublicRead([ProductResponse])
  async top(@Req() req: Request, @Res() res: Response): Promise<void> {
    answerRead(req, res, await this.products.top());
  }

  @Get(':id')
  @ApiOperation({ summary: 'A product with its reviews, newest first', description: 'Public and cached by the gateway. An id that is not a UUID is refused with 400; an unknown one answers 404.' })
  @PublicRead(ProductDetailResponse)
  @ApiBadRequestResponse({ description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ description: 'Product not found' })
  async detail(@Param() { id }: ProductIdParams, @Req() req: Request, @Res() res: Response): Promise<void> {
    answerRead(req, res, await this.products.detail(id));
  }

  @Post()
  @BodyLimit('1kb')
  @AdminOnly()
  @ApiOperation({ summary: 'Creates a sample product for the admin to edit (empty body)', description: 'Admins only. Takes no body (an empty object, or none): the new product has sample values that the admin then replaces with PUT /api/products/{id}.' })
  @ApiBody({ type: CreateProductDto, required: false, description: 'None, or an empty object' })
  @ApiCreatedResponse({ type: ProductResponse })
  @ApiBadRequestResponse({ description: 'The body has fields' })
  create(@Body() _body: CreateProductDto): Promise<ProductDto> {
    return this.products.createSample();
  }

  @Put(':id')
  @BodyLimit('40kb')
  @AdminOnly()
  @ApiOperation({ summary: "Replaces a product's name, price, image, brand, category, stock and description", description: 'Admins only. Every field is required and checked (lengths, a price of at most two decimals, a whole stock of 0 or more); an unknown field is refused.' })
  @ApiOkResponse({ type: ProductResponse })
  @ApiBadRequestResponse({ description: 'A field breaks its rule, an unknown field, or an _id other than the path id' })
  @ApiNotFoundResponse({ description: 'Product not found' })
  update(@Param() { id }: ProductIdParams, @Body() body: UpdateProductDto): Promise<ProductDto> {
    return this.products.update(id, body);
  }

  @Delete('delete/:id')
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes a product and its reviews', description: "Admins only. Orders already placed keep their own copy of the product's name, image and price." })
  @ApiOkResponse({ type: MessageResponse })
  @ApiNotFoundResponse({ description: 'Product not found' })
  async remove(@Param() { id }: ProductIdParams): Promise<MessageResponse> {
    await this.products.remove(id);
    return { message: 'Product removed' };
  }
}
