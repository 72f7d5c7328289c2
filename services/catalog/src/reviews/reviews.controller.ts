import { Body, Controller, HttpCode, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { TokenClaims } from '@shop/contracts';
import { BodyLimit, CurrentUser, SignedIn } from '@shop/service-kit';
import { ProductIdParams } from '../products/dto/product-id.params.js';
import { MessageResponse } from '../products/dto/product.response.js';
import { CreateReviewDto } from './dto/create-review.dto.js';
import { ReviewsService } from './reviews.service.js';

@ApiTags('reviews')
@Controller('api/products')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Put(':id/reviews')
  @BodyLimit('16kb')
  @SignedIn()
  @HttpCode(201)
  @ApiOperation({ summary: "Adds the signed-in user's review of a product (one per user and product)", description: 'Signed-in users: a rating of 1 to 5 and a comment. A second review of the same product by the same user is refused with 400.' })
  @ApiCreatedResponse({ type: MessageResponse, description: "{ message: 'Review added' }" })
  @ApiBadRequestResponse({ description: "A rating other than 1-5, an empty comment, or 'Product already reviewed'" })
  @ApiNotFoundResponse({ description: 'Product not found' })
  async add(@Param() { id }: ProductIdParams, @Body() body: CreateReviewDto, @CurrentUser() user: TokenClaims): Promise<MessageResponse> {
    await this.reviews.add(id, user, body);
    return { message: 'Review added' };
  }
}
