import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { stopTelemetry } from '@shop/telemetry';
import { GracefulShutdown } from './graceful-shutdown.js';
import { HealthController } from './health.controller.js';
import { MetricsController } from './metrics.controller.js';
import { Readiness } from './readiness.js';
import { ShopMetrics } from './shop-metrics.js';
import { SERVICE_NAME } from './tokens.js';

/**
 * Adds `/health`, `/ready` and `/metrics` (ShopMetrics); each dependency registers its own check in
 * Readiness (the database's: `databaseModule` of `@shop/service-kit/database`). Once the app
 * has shut down, the spans still waiting are sent (tracing's end, a no-op when it is off).
 */
@Global()
@Module({})
export class HealthModule implements OnApplicationShutdown {
  /**
   * `metricsRoute: false`: no `/metrics` among the app's routes (the gateway, whose port is public,
   * serves its metrics on a port of their own).
   */
  static forRoot(service: string, options: { metricsRoute?: boolean } = {}): DynamicModule {
    return {
      module: HealthModule,
      controllers: options.metricsRoute === false ? [HealthController] : [HealthController, MetricsController],
      providers: [Readiness, ShopMetrics, GracefulShutdown, { provide: SERVICE_NAME, useValue: service }],
      exports: [Readiness, ShopMetrics, GracefulShutdown, SERVICE_NAME],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await stopTelemetry();
  }
}
