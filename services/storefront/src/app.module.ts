import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ClientAddresses, HealthModule, loggingModule, SecurityHeaders, SERVICE_CONFIG, UPSTREAM_SERVICES, UpstreamPool, type LogDestination, type UpstreamServices } from '@shop/service-kit';
import { CatalogReads } from './catalog/catalog-reads.js';
import type { StorefrontConfig } from './config.js';
import { FrontEndModule } from './front-end/front-end.module.js';
import { ReleasesModule } from './releases/releases.module.js';

/** The storefront server's configuration, its calls to the services and the edge's pieces it shares with the gateway, for every module. */
@Global()
@Module({})
export class StorefrontCoreModule {
  static forRoot(config: StorefrontConfig): DynamicModule {
    const services: UpstreamServices = { urls: { catalog: config.CATALOG_URL, users: config.USERS_URL }, timeoutMs: config.UPSTREAM_TIMEOUT_MS };
    return {
      module: StorefrontCoreModule,
      providers: [{ provide: SERVICE_CONFIG, useValue: config }, { provide: UPSTREAM_SERVICES, useValue: services }, UpstreamPool, ClientAddresses, SecurityHeaders, CatalogReads],
      exports: [SERVICE_CONFIG, UpstreamPool, ClientAddresses, SecurityHeaders, CatalogReads],
    };
  }
}

/**
 * The storefront server (issue 42; docs/storefront.md): the shop's pages, rendered on the server, the
 * shell's and the remotes' files and their build registry (releases, retention, canary cohorts and the
 * canary's judge), sitemap and robots, the plain forms, the page reports and the admins' Releases API.
 * It stands behind the gateway, which hands it every path outside /api and the releases' calls.
 */
@Module({})
export class AppModule {
  /** `logs`: where the log lines go instead of stdout (tests). */
  static forRoot(config: StorefrontConfig, logs?: LogDestination): DynamicModule {
    return {
      module: AppModule,
      imports: [
        StorefrontCoreModule.forRoot(config),
        loggingModule('storefront', config.LOG_LEVEL, logs),
        HealthModule.forRoot('storefront'),
        ReleasesModule,
        // Last: its catch-all route must come after every other route.
        FrontEndModule,
      ],
    };
  }
}
