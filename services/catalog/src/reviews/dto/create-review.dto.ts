import { ApiProperty } from '@nestjs/swagger';
import type { ReviewInput } from '@shop/contracts';
import { IsText, IsWholeNumber, Trimmed } from '../../validation.js';

export const MAX_COMMENT_LENGTH = 2000;

/** PUT /api/products/{id}/reviews */
export class CreateReviewDto implements ReviewInput {
  @ApiProperty({ minimum: 1, maximum: 5, description: '1 Poor, 2 Fair, 3 Good, 4 Very Good, 5 Excellent', example: 5 })
  @IsWholeNumber(1, 5)
  rating: number;

  @ApiProperty({ maxLength: MAX_COMMENT_LENGTH, description: 'Trimmed; must not be empty', example: 'Does what it says.' })
  @Trimmed()
  @IsText(MAX_COMMENT_LENGTH)
  comment: string;
}
