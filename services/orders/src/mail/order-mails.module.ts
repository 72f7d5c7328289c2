import { Module } from '@nestjs/common';
import { OrderCancelledMailHandler, OrderConfirmedMailHandler, OrderDeliveredMailHandler, OrderPaidMailHandler, OrderRefundedMailHandler } from './order-mail.handler.js';

/**
 * The customer's mails of their order (consumer `orders/mail`): one handler per order event mailed
 * about, each recording its mail in the mail outbox that @shop/mail's MailSender sends.
 */
@Module({
  providers: [OrderConfirmedMailHandler, OrderPaidMailHandler, OrderDeliveredMailHandler, OrderCancelledMailHandler, OrderRefundedMailHandler],
})
export class OrderMailsModule {}
