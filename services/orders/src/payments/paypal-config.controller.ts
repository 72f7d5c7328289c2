import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { SHOP_CURRENCY, type PayPalConfigDto } from '@shop/contracts';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { OrdersConfig } from '../config.js';

/** GET /api/config/paypal: the front end learns the client id and the script's address from here. */
export class PayPalConfigResponse implements PayPalConfigDto {
  @ApiProperty({ description: 'The PayPal client id the button is configured with' }) clientId: string;
  @ApiProperty({ description: "The PayPal JS SDK's address (PayPal's, or the local stand-in's)", example: 'https://www.paypal.com/sdk/js' })
  sdkUrl: string;
  @ApiProperty({ enum: [SHOP_CURRENCY] }) currency: typeof SHOP_CURRENCY;
}

@ApiTags('config')
@Controller('api/config')
export class PayPalConfigController {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: OrdersConfig) {}

  @Get('paypal')
  @ApiOperation({ summary: 'What the PayPal button needs: the client id, the script address and the currency', description: "Public: the settings the checkout's PayPal button is drawn with." })
  @ApiOkResponse({ type: PayPalConfigResponse })
  paypal(): PayPalConfigDto {
    const { clientId, sdkUrl } = this.config.paypal;
    return { clientId, sdkUrl, currency: SHOP_CURRENCY };
  }
}
