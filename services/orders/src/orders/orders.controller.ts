import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
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
import { DEFAULT_PAGE_SIZE, type OrderDto, type OrderEventDto, type TokenClaims } from '@shop/contracts';
import { AdminOnly, ApiCsvExport, ApiListHeaders, BodyLimit, CurrentUser, setPagingHeaders, SignedIn, streamCsv, windowOf, type CsvColumns } from '@shop/service-kit';
import { CreateOrderDto } from './dto/create-order.dto.js';
import { EmptyBodyDto } from './dto/empty-body.dto.js';
import { ListOrdersQuery, OrderHistoryQuery } from './dto/list-orders.query.js';
import { OrderEventResponse, OrderResponse, PayPalOrderResponse } from '@shop/api-responses';
import { PayPalResultPipe, PayStatusDto, type PayPalResult } from './dto/pay-status.dto.js';
import { askedWaitOf, MAX_OUTCOME_WAIT_SECONDS, outcomeWaitOf } from './dto/prefer-wait.js';
import { OrderIdPipe } from './order-id.pipe.js';
import { OrderList, type ExportedOrder } from './reading/order-list.js';
import { OrderPayments } from './paying/order-payments.js';
import { OrderPlacing } from './placing/order-placing.service.js';
import { OrderReading, PENDING_READ_WAIT_MS } from './reading/order-reading.service.js';
import { OrderHistory } from './lifecycle/order-history.js';
import { OrderTransitions } from './lifecycle/order-transitions.js';

const ORDER_ID = { name: 'id', format: 'uuid', description: "The order's _id" } as const;

const dollars = (amount: number) => amount.toFixed(2);

/** The orders export's columns: one line an order, amounts in dollars with 2 decimals. */
const ORDER_CSV: CsvColumns<ExportedOrder> = [
  ['id', (order) => order.id],
  ['date', (order) => order.createdAt],
  ['user id', (order) => order.userId],
  ['user name', (order) => order.userName],
  ['user email', (order) => order.userEmail],
  ['status', (order) => order.status],
  ['items', (order) => dollars(order.itemsPrice)],
  ['shipping', (order) => dollars(order.shippingPrice)],
  ['tax', (order) => dollars(order.taxPrice)],
  ['total', (order) => dollars(order.totalPrice)],
  ['paid', (order) => order.paidAt],
  ['delivered', (order) => order.deliveredAt],
];

@ApiTags('orders')
@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly placing: OrderPlacing,
    private readonly reading: OrderReading,
    private readonly payments: OrderPayments,
    private readonly transitions: OrderTransitions,
    private readonly orderList: OrderList,
    private readonly history: OrderHistory,
  ) {}

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
    return this.placing.place(buyer, body, waitSeconds * 1000);
  }

  // Declared before ':id' so that 'mine' is never taken for an id.
  @Get('mine')
  @SignedIn()
  @ApiOperation({ summary: "The signed-in user's own orders, newest first", description: 'Signed-in users: the orders of the account the token names.' })
  @ApiOkResponse({ type: [OrderResponse] })
  mine(@CurrentUser() user: TokenClaims): Promise<OrderDto[]> {
    return this.reading.mine(user.sub);
  }

  @Get()
  @AdminOnly()
  @ApiOperation({
    summary: `All orders: a page of them (${DEFAULT_PAGE_SIZE} unless pageSize says), newest first unless sorted, each with its customer; search and filters narrow them`,
    description: "Admins only: the admin screen's order list; the Link header names the next and last pages.",
  })
  @ApiOkResponse({ type: [OrderResponse], headers: ApiListHeaders })
  @ApiBadRequestResponse({ description: 'A query parameter out of its range or an unknown one, or from after to' })
  async list(@Query() query: ListOrdersQuery, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<OrderDto[]> {
    const { window, orders, total } = await this.orderList.page(query);
    setPagingHeaders(req, res, window, total);
    return orders;
  }

  // Declared before ':id' so that 'export' is never taken for an id.
  @Get('export')
  @AdminOnly()
  @ApiOperation({ summary: 'Every order the search and filters match, newest first, as a CSV file (streamed); paging and sort parameters are accepted and ignored', description: 'Admins only: the order list as a CSV download, for the same search and filters as the list.' })
  @ApiCsvExport()
  @ApiBadRequestResponse({ description: 'A query parameter out of its range or an unknown one, or from after to' })
  async export(@Query() query: ListOrdersQuery, @Res() res: Response): Promise<void> {
    await streamCsv(res, `orders-${new Date().toISOString().slice(0, 10)}.csv`, ORDER_CSV, this.orderList.batches(query));
  }

  @Get(':id')
  @SignedIn()
  @ApiOperation({
    summary: 'One order, for its customer or an admin (admins also see its refunds)',
    description:
      "Signed-in users: a customer sees only their own orders (another's answers 404, as an unknown id does). " +
      `A pending order is answered once its stock is reserved or refused, or still pending after ${PENDING_READ_WAIT_MS} ms; ` +
      `\`Prefer: wait=N\` (RFC 7240; N seconds, at most ${MAX_OUTCOME_WAIT_SECONDS}) waits up to N seconds instead, \`wait=0\` not at all.`,
  })
  @ApiHeader({ name: 'Prefer', required: false, description: "wait=N: wait up to N seconds for a pending order's outcome", example: 'wait=5' })
  @ApiParam(ORDER_ID)
  @ApiOkResponse({ type: OrderResponse })
  @ApiNotFoundResponse({ description: "Order not found (also another customer's order)" })
  detail(
    @Param('id', OrderIdPipe) id: string,
    @CurrentUser() reader: TokenClaims,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OrderDto> {
    const asked = askedWaitOf(prefer);
    if (asked !== undefined && asked > 0) res.setHeader('Preference-Applied', `wait=${asked}`);
    return this.reading.detail(id, reader, asked === undefined ? PENDING_READ_WAIT_MS : asked * 1000);
  }

  @Get(':id/history')
  @SignedIn()
  @ApiOperation({
    summary: "An order's history, oldest step first, a page at a time: for its customer the order's own steps, for an admin every step with who made it and its details",
    description:
      'Steps are only ever added (placed, stock reserved or refused, paid, delivered, cancelled, refunded; for admins also refused payments, ' +
      "refunds made or retried, and mails). The customer's reading names no one and carries no details.",
  })
  @ApiParam(ORDER_ID)
  @ApiOkResponse({ type: [OrderEventResponse], headers: ApiListHeaders })
  @ApiBadRequestResponse({ description: 'A paging parameter out of its range, or an unknown parameter' })
  @ApiNotFoundResponse({ description: "Order not found (also another customer's order)" })
  async orderHistory(
    @Param('id', OrderIdPipe) id: string,
    @Query() query: OrderHistoryQuery,
    @CurrentUser() reader: TokenClaims,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OrderEventDto[]> {
    const window = windowOf(query);
    const { steps, total } = await this.history.page(id, reader, window);
    setPagingHeaders(req, res, window, total);
    return steps;
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
  async pay(@Param('id', OrderIdPipe) id: string, @CurrentUser() payer: TokenClaims, @Body(PayPalResultPipe) body: PayPalResult): Promise<OrderDto> {
    await this.payments.pay(id, payer, body);
    return this.reading.view(id);
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
    return this.payments.openPayment(id, payer);
  }

  @Put(':id/delivery_status')
  @BodyLimit('1kb')
  @AdminOnly()
  @ApiOperation({ summary: 'Marks a paid order delivered (empty body); delivering it again changes nothing', description: 'Admins only. Takes no body (an empty object, or none).' })
  @ApiParam(ORDER_ID)
  @ApiBody({ type: EmptyBodyDto, required: false, description: 'None, or an empty object' })
  @ApiOkResponse({ type: OrderResponse })
  @ApiBadRequestResponse({ description: 'Order is not paid yet, or was cancelled or refunded' })
  @ApiNotFoundResponse({ description: 'Order not found' })
  async deliver(@Param('id', OrderIdPipe) id: string, @CurrentUser() admin: TokenClaims, @Body() _body: EmptyBodyDto): Promise<OrderDto> {
    await this.transitions.deliver(id, admin);
    return this.reading.detail(id, admin);
  }

  @Put(':id/cancel')
  @BodyLimit('1kb')
  @AdminOnly()
  @ApiOperation({ summary: "Cancels an order nobody paid for (empty body): its stock goes back (order.cancelled); the order records when and by whom", description: 'Admins only. Takes no body (an empty object, or none).' })
  @ApiParam(ORDER_ID)
  @ApiBody({ type: EmptyBodyDto, required: false, description: 'None, or an empty object' })
  @ApiOkResponse({ type: OrderResponse })
  @ApiBadRequestResponse({ description: 'The order is paid (refund it instead), or already cancelled or refunded' })
  @ApiConflictResponse({ description: 'The order is not confirmed yet, or a payment of it is under way' })
  @ApiNotFoundResponse({ description: 'Order not found' })
  async cancel(@Param('id', OrderIdPipe) id: string, @CurrentUser() admin: TokenClaims, @Body() _body: EmptyBodyDto): Promise<OrderDto> {
    await this.transitions.cancel(id, admin);
    return this.reading.detail(id, admin);
  }

  @Put(':id/refund')
  @BodyLimit('1kb')
  @AdminOnly()
  @ApiOperation({
    summary: "Gives a paid order's payment back through PayPal's refund API (empty body): the order is refunded at once, the money follows (its refunds list says when); an order not delivered yet also gives its stock back", description: 'Admins only. Takes no body (an empty object, or none).',
  })
  @ApiParam(ORDER_ID)
  @ApiBody({ type: EmptyBodyDto, required: false, description: 'None, or an empty object' })
  @ApiOkResponse({ type: OrderResponse })
  @ApiBadRequestResponse({ description: 'The order is not paid (cancel it instead), or already cancelled or refunded' })
  @ApiNotFoundResponse({ description: 'Order not found' })
  async refund(@Param('id', OrderIdPipe) id: string, @CurrentUser() admin: TokenClaims, @Body() _body: EmptyBodyDto): Promise<OrderDto> {
    await this.transitions.refund(id, admin);
    return this.reading.detail(id, admin);
  }
}
