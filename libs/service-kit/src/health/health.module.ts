import { Global, Inject, Module, Optional, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HealthController } from './health.controller.js';
import { Readiness } from './readiness.js';
import { SERVICE_NAME } from './tokens.js';

/** Adds `/health` and `/ready`; the database check is registered when the service has one. */
@Global()
@Module({})
export class HealthModule implements OnModuleInit {
  constructor(
    private readonly readiness: Readiness,
    @Optional() @Inject(DataSource) private readonly dataSource?: DataSource,
  ) {}

  static forRoot(service: string): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [Readiness, { provide: SERVICE_NAME, useValue: service }],
      exports: [Readiness, SERVICE_NAME],
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
}
