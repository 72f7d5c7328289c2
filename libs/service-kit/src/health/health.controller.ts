import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Readiness } from './readiness.js';
import { SERVICE_NAME } from './tokens.js';

/** `/health`: the process is alive. `/ready`: it can do its work (database and NATS reachable). */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: Readiness,
    @Inject(SERVICE_NAME) private readonly service: string,
  ) {}

  @Get('health')
  @HttpCode(200)
  health() {
    return { status: 'ok', service: this.service };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const { ready, checks, reasons } = await this.readiness.report();
    res.status(ready ? 200 : 503);
    const why = Object.entries(reasons).map(([name, reason]) => `${name}: ${reason}`);
    return ready
      ? { status: 'ok', service: this.service, checks }
      : { status: 'down', message: `${this.service} is not ready (${why.join('; ')})`, service: this.service, checks };
  }
}
