import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Equals, IsNumber, IsObject, IsOptional, IsString, IsUUID, ValidateNested } from 'class-validator';
import { MAX_LINE_QUANTITY, type OrderCreateInput, type PaymentGateway, type ShippingAddressDto } from '@shop/contracts';
import { IsNonEmptyList, IsText, IsWholeNumber, Trimmed } from '../../validation.js';

export const ORDER_LIMITS = {
  /** Units of one product in one order (the front ends offer no more). */
  quantity: MAX_LINE_QUANTITY,
  /** Lines of one order. */
  lines: 100,
  /** Each part of the shipping address. */
  addressPart: 200,
} as const;

/**
 * A line of the cart as the browser keeps it (spec section 3, cart item). Only
 * `product` and `quantity` count: the name, image, price and stock it also
 * carries are the browser's copy and are ignored.
 */
export class OrderItemInput {
  @ApiProperty({ format: 'uuid', description: "The product's _id" })
  @IsUUID(undefined, { message: 'product must be a product id (a UUID)' })
  product: string;

  @ApiProperty({ minimum: 1, maximum: ORDER_LIMITS.quantity, example: 2 })
  @IsWholeNumber(1, ORDER_LIMITS.quantity)
  quantity: number;

  @ApiPropertyOptional({ description: 'Ignored: the order keeps the catalog name' })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiPropertyOptional({ description: 'Ignored: the order keeps the catalog image' })
  @IsOptional()
  @IsString()
  image?: string;

  @ApiPropertyOptional({ description: 'Ignored: the server prices every order' })
  @IsOptional()
  @IsNumber()
  price?: number;

  @ApiPropertyOptional({ description: 'Ignored: stock is reserved by the catalog' })
  @IsOptional()
  @IsNumber()
  countInStock?: number;
}

export class ShippingAddressInput implements ShippingAddressDto {
  @ApiProperty({ maxLength: ORDER_LIMITS.addressPart, example: '1 Main Street' })
  @Trimmed()
  @IsText(ORDER_LIMITS.addressPart)
  address: string;

  @ApiProperty({ maxLength: ORDER_LIMITS.addressPart, example: 'Springfield' })
  @Trimmed()
  @IsText(ORDER_LIMITS.addressPart)
  city: string;

  @ApiProperty({ maxLength: ORDER_LIMITS.addressPart, example: '12345' })
  @Trimmed()
  @IsText(ORDER_LIMITS.addressPart)
  postalCode: string;

  @ApiProperty({ maxLength: ORDER_LIMITS.addressPart, example: 'USA' })
  @Trimmed()
  @IsText(ORDER_LIMITS.addressPart)
  country: string;
}

const IGNORED_TOTAL = 'Ignored: the server prices every order';

/** POST /api/orders. The prices and totals the browser computed are accepted and ignored. */
export class CreateOrderDto implements OrderCreateInput {
  @ApiProperty({ type: [OrderItemInput], minItems: 1, maxItems: ORDER_LIMITS.lines })
  @IsNonEmptyList(ORDER_LIMITS.lines, 'No order items')
  @ValidateNested({ each: true })
  @Type(() => OrderItemInput)
  orderItems: OrderItemInput[];

  @ApiProperty({ type: ShippingAddressInput })
  @IsObject({ message: 'shippingAddress must be an object with address, city, postalCode and country' })
  @ValidateNested()
  @Type(() => ShippingAddressInput)
  shippingAddress: ShippingAddressInput;

  @ApiProperty({ enum: ['PayPal'] })
  @Equals('PayPal', { message: 'Payment gateway must be PayPal' })
  paymentGateway: PaymentGateway;

  @ApiPropertyOptional({ description: IGNORED_TOTAL }) @IsOptional() @IsNumber() itemsPrice?: number;
  @ApiPropertyOptional({ description: IGNORED_TOTAL }) @IsOptional() @IsNumber() taxPrice?: number;
  @ApiPropertyOptional({ description: IGNORED_TOTAL }) @IsOptional() @IsNumber() shippingPrice?: number;
  @ApiPropertyOptional({ description: IGNORED_TOTAL }) @IsOptional() @IsNumber() totalPrice?: number;
}
