import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { configureServiceApp, createServiceApp, SecurityHeaders, type AppDescription, type LogDestination } from '@shop/service-kit';
import { AppModule } from './app.module.js';
import type { StorefrontConfig } from './config.js';

/**
 * The storefront server's app, built the same way by main.ts and the tests: a service's app (request
 * timing and traces under the gateway's, trusted proxies, framing checks, error bodies, draining on
 * SIGTERM, server limits, /openapi.json of the Releases API) whose routes read their own bodies. Every
 * answer carries the shop's security headers with the shell's inline scripts allowed by their hashes
 * (the gateway keeps them, a service's own header replacing its own), and goes out gzip- or
 * brotli-compressed when it is 1 KB or more and the browser accepts it (files precompressed at build
 * are sent as they are). `logs`: where the log lines go instead of stdout (tests).
 */
export async function createStorefrontApp(config: StorefrontConfig, logs?: LogDestination): Promise<NestExpressApplication> {
  const app = await createServiceApp(AppModule.forRoot(config, logs));
  const headers = app.get(SecurityHeaders).all;
  app.use((_req: Request, res: Response, next: NextFunction) => {
    for (const name in headers) res.setHeader(name, headers[name]);
    next();
  });
  app.use(compression());
  configureServiceApp(app, STOREFRONT_API, { bodies: 'per-route' });
  return app;
}

/** What the storefront server's OpenAPI document says of its API (served at /openapi.json, printed by `main.js openapi`). */
export const STOREFRONT_API: AppDescription = {
  title: 'Storefront',
  description: "The storefront server's API: what shoppers' pages report of the micro-frontends' builds, and the admins' releases",
  tags: [
    {
      name: 'releases',
      description: "The micro-frontends' builds: what shoppers' pages report of them, and the admins' canary releases (promote, roll back)",
    },
  ],
};
