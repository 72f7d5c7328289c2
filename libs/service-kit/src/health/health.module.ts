import { Global, Inject, Module, Optional, type DynamicModule, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { stopTelemetry } from '@shop/telemetry';
import { GracefulShutdown } from './graceful-shutdown.js';
import { HealthController } from './health.controller.js';
import { MetricsController } from './metrics.controller.js';
import { Readiness } from './readiness.js';
import { ShopMetrics } from './shop-metrics.js';
import { SERVICE_NAME } from './tokens.js';

/**
 * Adds `/health`, `/ready` and `/metrics` (ShopMetrics); the database check is registered when the service has one. Once the app
 * has shut down, the spans still waiting are sent (tracing's end, a no-op when it is off).
 */
@Global()
@Module({})
export class HealthModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly readiness: Readiness,
    @Optional() @Inject(DataSource) private readonly dataSource?: DataSource,
  ) {}

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

  onModuleInit(): void {
    const dataSource = this.dataSource;
    if (dataSource) {
      this.readiness.register('database', async () => {
        await dataSource.query('SELECT 1');
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await stopTelemetry();
  }
}
