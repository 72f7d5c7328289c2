import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** PayPal order ids are short upper-case codes; the stand-in's follow the same alphabet. */
const PAYPAL_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * PUT /api/orders/{id}/pay_status: the capture result PayPal's script gave the
 * browser (PayStatusInput of the contracts, all but `id` optional). Only `id`
 * is used: the server asks PayPal about that order itself and stores what
 * PayPal answers. The other fields are accepted for the front end's sake (the
 * payer's email under `payer`, as PayPal's script gives it, or at the top, as
 * the stored payment result has it) and ignored.
 */
export class PayStatusDto {
  @ApiProperty({ description: 'The PayPal order id', example: '5O190127TN364715T' })
  @Matches(PAYPAL_ID, { message: 'id must be a PayPal order id' })
  id: string;

  @ApiPropertyOptional({ example: 'COMPLETED', description: 'Informative only' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  status?: string;

  @ApiPropertyOptional({ example: '2026-11-22T10:00:00Z', description: 'Informative only' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  update_time?: string;

  /** PayPal's payer object as its script gives it (email_address, name, payer_id, address…), passed on whole. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, example: { email_address: 'buyer@example.com' }, description: 'Informative only' })
  @IsOptional()
  @IsObject()
  payer?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Informative only' })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email_address?: string;
}
