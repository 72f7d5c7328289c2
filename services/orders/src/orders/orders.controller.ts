import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ORDERS_PAGE_SIZE, type OrderDto, type OrderListDto, type TokenClaims } from '@shop/contracts';
import { AdminOnly, BodyLimit, CurrentUser, SignedIn } from '@shop/service-kit';
import { CreateOrderDto } from './dto/create-order.dto.js';
import { EmptyBodyDto } from './dto/empty-body.dto.js';
import { ListOrdersQuery } from './dto/list-orders.query.js';
import { OrderListResponse, OrderResponse, PayPalOrderResponse } from '@shop/api-responses';
import { PayPalResultPipe, PayStatusDto, type PayPalResult } from './dto/pay-status.dto.js';
import { MAX_OUTCOME_WAIT_SECONDS, outcomeWaitOf } from './dto/prefer-wait.js';
import { OrderIdPipe } from './order-id.pipe.js';
import { OrdersService } from './orders.service.js';

const ORDER_ID = { name: 'id', format: 'uuid', description: "The order's _id" } as const;

@ApiTags('orders')
@Controller('api/orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post()
  @BodyLimit('128kb')
  @SignedIn()
  @ApiOperation({
    summary: "Places an order priced by the server from the catalog's current prices (status pending)",
    description:
      `With \`Prefer: wait=N\` (RFC 7240; N seconds, at most ${MAX_OUTCOME_WAIT_SECONDS}) the answer comes once the stock ` +
      'is reserved or refused (status confirmed or cancelled), or after N seconds with the order still pending; ' +
      'the answer then carries `Preference-Applied: wait=N`.',
  })
  @ApiHeader({ name: 'Prefer', required: false, description: 'wait=N: wait up to N seconds for the outcome', example: 'wait=5' })
  @ApiCreatedResponse({ type: OrderResponse })
  @ApiBadRequestResponse({ description: 'No items, a bad quantity, an unknown or deleted product, an incomplete address, a gateway other than PayPal' })
  place(
    @CurrentUser() buyer: TokenClaims,
    @Body() body: CreateOrderDto,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OrderDto> {
    const waitSeconds = outcomeWaitOf(prefer);
    if (waitSeconds > 0) res.setHeader('Preference-Applied', `wait=${waitSeconds}`);
    return this.orders.place(buyer, body, waitSeconds * 1000);
  }

  // Declared before ':id' so that 'mine' is never taken for an id.
  @Get('mine')
  @SignedIn()
  @ApiOperation({ summary: "The signed-in user's own orders, newest first" })
  @ApiOkResponse({ type: [OrderResponse] })
  mine(@CurrentUser() user: TokenClaims): Promise<OrderDto[]> {
    return this.orders.mine(user.sub);
  }

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: `One page of orders (${ORDERS_PAGE_SIZE} a page), newest first, each with its customer` })
  @ApiOkResponse({ type: OrderListResponse })
  @ApiBadRequestResponse({ description: 'A pageNumber that is not a whole number from 1' })
  list(@Query() query: ListOrdersQuery): Promise<OrderListDto> {
    return this.orders.list(query.pageNumber ?? 1);
  }

  @Get(':id')
  @SignedIn()
  @ApiOperation({ summary: 'One order, for its customer or an admin (admins also see its refunds)' })
  @ApiParam(ORDER_ID)
  @ApiOkResponse({ type: OrderResponse })
  @ApiNotFoundResponse({ description: "Order not found (also another customer's order)" })
  detail(@Param('id', OrderIdPipe) id: string, @CurrentUser() reader: TokenClaims): Promise<OrderDto> {
    return this.orders.detail(id, reader);
  }

  @Put(':id/pay_status')
  @BodyLimit('64kb')
  @SignedIn()
  @ApiOperation({
    summary: "Captures the PayPal order the payer approved for their confirmed order, after checking it, and marks the order paid",
    description:
      'Nothing is captured unless the PayPal order has exactly one purchase unit marked for this order, intent CAPTURE, ' +
      "USD, exactly the order's total, and is APPROVED; at most one capture per order. A capture the shop cannot use is refunded.",
  })
  @ApiParam(ORDER_ID)
  @ApiOkResponse({ type: OrderResponse })
  @ApiBadRequestResponse({ description: 'Payment not found, not approved, not for this order, of another amount, currency or intent, or several purchase units; or the order was cancelled or its deadline passed' })
  @ApiConflictResponse({ description: 'The order is not confirmed yet, is paid by another payment, another payment of it is under way, or the payment paid another order' })
  @ApiNotFoundResponse({ description: "Order not found (also another customer's order)" })
  @ApiServiceUnavailableResponse({ description: 'PayPal could not be asked' })
  @ApiBody({ type: PayStatusDto, description: "PayPal's payment result as its script gives it; fields other than id are ignored" })
  pay(@Param('id', OrderIdPipe) id: string, @CurrentUser() payer: TokenClaims, @Body(PayPalResultPipe) body: PayPalResult): Promise<OrderDto> {
    return this.orders.pay(id, payer, body);
  }

  @Post(':id/paypal')
  @SignedIn()
  @HttpCode(201)
  @ApiOperation({
    summary: "Opens the PayPal payment of the payer's confirmed, unpaid order (the PayPal button's createOrder)",
    description: "PayPal's order is made by the server, for the order's total, marked with the order's id; asking again answers the same one.",
  })
  @ApiParam(ORDER_ID)
  @ApiCreatedResponse({ type: PayPalOrderResponse, description: "PayPal's order id" })
  @ApiBody({ type: EmptyBodyDto, required: false, description: 'Nothing: the amount and the order come from the shop' })
  @ApiBadRequestResponse({ description: 'The order was cancelled' })
  @ApiConflictResponse({ description: 'The order is not confirmed yet, or already paid' })
  @ApiNotFoundResponse({ description: "Order not found (also another customer's order)" })
  @ApiServiceUnavailableResponse({ description: 'PayPal could not be asked' })
  openPayment(@Param('id', OrderIdPipe) id: string, @CurrentUser() payer: TokenClaims): Promise<{ id: string }> {
    return this.orders.openPayment(id, payer);
  }

  @Put(':id/delivery_status')
  @BodyLimit('1kb')
  @AdminOnly()
  @ApiOperation({ summary: 'Marks a paid order delivered (empty body)' })
  @ApiParam(ORDER_ID)
  @ApiOkResponse({ type: OrderResponse })
  @ApiBadRequestResponse({ description: 'Order is not paid yet' })
  @ApiNotFoundResponse({ description: 'Order not found' })
  deliver(@Param('id', OrderIdPipe) id: string, @Body() _body: EmptyBodyDto): Promise<OrderDto> {
    return this.orders.deliver(id);
  }
}
