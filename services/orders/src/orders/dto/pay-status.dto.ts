import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
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

/** What pay_status uses of its body: the PayPal order id. */
export interface PayPalResult {
  id: string;
}

/**
 * The one body of the shop that takes unknown fields: the captured (or approved) PayPal payment
 * result exactly as PayPal's script gives it to the browser, `purchase_units`, `links`,
 * `payment_source` and whatever PayPal adds later included. Only `id` is read; the server asks
 * PayPal about that order itself. (The global validation pipe leaves this body alone: its type is
 * an interface, and this pipe checks it instead.)
 */
@Injectable()
export class PayPalResultPipe implements PipeTransform<unknown, PayPalResult> {
  transform(value: unknown): PayPalResult {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new BadRequestException('The body must be the PayPal payment result (an object)');
    }
    const { id } = value as { id?: unknown };
    if (typeof id !== 'string' || !PAYPAL_ID.test(id)) throw new BadRequestException('id must be a PayPal order id');
    return { id };
  }
}
