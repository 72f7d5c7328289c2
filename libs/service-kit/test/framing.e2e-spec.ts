import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { All, Controller, Module, Req } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { FORWARDED_FRAMINGS, rawExchange, REFUSED_FRAMINGS } from '@shop/testing';
import { configureServiceApp, createServiceApp } from '../src/app.js';
import { BodyLimit } from '../src/body-limits.js';
import { SERVICE_CONFIG } from '../src/config.js';
import { loggingModule } from '../src/logging.js';

/** What the route saw of each request that reached it. */
const reached: { method: string; url: string }[] = [];

@Controller()
class AnyController {
  @All('{*path}')
  @BodyLimit('64kb')
  any(@Req() req: Request) {
    reached.push({ method: req.method, url: req.url });
    return { method: req.method, url: req.url };
  }
}

@Module({
  imports: [loggingModule('framing-test', 'silent')],
  controllers: [AnyController],
  providers: [{ provide: SERVICE_CONFIG, useValue: { TRUST_PROXY: ['loopback'] } }],
})
class AnyModule {}

/**
 * A service's own server refuses ambiguous framing too (issue 21, section 1): the gateway is not
 * the only way in (a replica on a shared network, a misrouted load balancer), so every service app
 * (configureServiceApp) answers the same corpus as the gateway's desync suite with one 400 and a
 * closed connection, and its routes never see the request.
 */
describe('a service app refuses ambiguous framing', () => {
  let app: NestExpressApplication;
  let url: string;

  beforeAll(async () => {
    app = await createServiceApp(AnyModule);
    configureServiceApp(app, { title: 'framing', description: 'framing test' });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each(REFUSED_FRAMINGS.map((one) => [one.name, one] as const))('%s: 400 and the connection closed', async (_name, one) => {
    reached.length = 0;
    const exchange = await rawExchange(url, one.raw);
    expect(exchange.closedByServer).toBe(true);
    if (!one.brokenBody) {
      expect(exchange.answers.map((answer) => answer.status)).toEqual([400]);
      expect(reached).toEqual([]);
      return;
    }
    // A body that breaks after a whole head: a route that answers without reading the body may answer
    // first; the broken bytes are then a 400, and the connection closes (nothing after them is read).
    expect(exchange.answers.at(-1)?.status).toBe(400);
    expect(exchange.answers.length).toBeLessThanOrEqual(2);
  });

  it.each(FORWARDED_FRAMINGS.map((one) => [one.name, one] as const))('%s: reaches the route as framed', async (_name, one) => {
    reached.length = 0;
    const exchange = await rawExchange(url, one.raw);
    const expected = (one.forwarded ?? []).map(({ method, url: path }) => ({ method, url: path }));
    expect(exchange.answers.filter((answer) => answer.status >= 200).length).toBe(expected.length);
    expect(reached).toEqual(expected);
  });
});
