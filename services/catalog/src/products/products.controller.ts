import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { ProductDetailDto, ProductDto, ProductListDto } from '@shop/contracts';
import { AdminOnly } from '@shop/service-kit';
import { CreateProductDto } from './dto/create-product.dto.js';
import { ListProductsQuery } from './dto/list-products.query.js';
import { ProductIdParams } from './dto/product-id.params.js';
import { MessageResponse, ProductDetailResponse, ProductListResponse, ProductResponse } from './dto/product.response.js';
import { UpdateProductDto } from './dto/update-product.dto.js';
import { ProductsService } from './products.service.js';

@ApiTags('products')
@Controller('api/products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @ApiOperation({ summary: 'One page of products (8 a page), newest first, optionally those whose name contains a keyword' })
  @ApiOkResponse({ type: ProductListResponse })
  @ApiBadRequestResponse({ description: 'A pageNumber that is not a whole number from 1, or a keyword over 100 characters' })
  list(@Query() query: ListProductsQuery): Promise<ProductListDto> {
    return this.products.list(query.keyword, query.pageNumber ?? 1);
  }

  // Declared before ':id' so that 'top' is never taken for an id.
  @Get('top')
  @ApiOperation({ summary: 'The best-rated products for the carousel, highest rating first' })
  @ApiOkResponse({ type: [ProductResponse] })
  top(): Promise<ProductDto[]> {
    return this.products.top();
  }

  @Get(':id')
  @ApiOperation({ summary: 'A product with its reviews, newest first' })
  @ApiOkResponse({ type: ProductDetailResponse })
  @ApiBadRequestResponse({ description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ description: 'Product not found' })
  detail(@Param() { id }: ProductIdParams): Promise<ProductDetailDto> {
    return this.products.detail(id);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Creates a sample product for the admin to edit (empty body)' })
  @ApiCreatedResponse({ type: ProductResponse })
  @ApiBadRequestResponse({ description: 'The body has fields' })
  create(@Body() _body: CreateProductDto): Promise<ProductDto> {
    return this.products.createSample();
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: "Replaces a product's name, price, image, brand, category, stock and description" })
  @ApiOkResponse({ type: ProductResponse })
  @ApiBadRequestResponse({ description: 'A field breaks its rule, an unknown field, or an _id other than the path id' })
  @ApiNotFoundResponse({ description: 'Product not found' })
  update(@Param() { id }: ProductIdParams, @Body() body: UpdateProductDto): Promise<ProductDto> {
    return this.products.update(id, body);
  }

  @Delete('delete/:id')
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Deletes a product and its reviews' })
  @ApiOkResponse({ type: MessageResponse })
  @ApiNotFoundResponse({ description: 'Product not found' })
  async remove(@Param() { id }: ProductIdParams): Promise<MessageResponse> {
    await this.products.remove(id);
    return { message: 'Product removed' };
  }
}
