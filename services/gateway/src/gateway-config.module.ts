import { Global, Module, type DynamicModule } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { GatewayConfig } from './config.js';

/** Makes the gateway's parsed configuration injectable everywhere, as SERVICE_CONFIG. */
@Global()
@Module({})
export class GatewayConfigModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayConfigModule,
      providers: [{ provide: SERVICE_CONFIG, useValue: config }],
      exports: [SERVICE_CONFIG],
    };
  }
}
