import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { OrdersConfig } from '../config.js';
import { PaymentProvider } from './payment-provider.js';
import { PayPalConfigController } from './paypal-config.controller.js';
import { PayPalRestProvider } from './paypal-rest.provider.js';

/** PayPal: the button's settings for the browser, and the provider that checks payments on the server. */
@Module({
  controllers: [PayPalConfigController],
  providers: [
    {
      provide: PaymentProvider,
      inject: [SERVICE_CONFIG],
      useFactory: (config: OrdersConfig) => new PayPalRestProvider(config.paypal),
    },
  ],
  exports: [PaymentProvider],
})
export class PaymentsModule {}
