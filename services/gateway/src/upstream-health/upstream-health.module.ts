import { Module } from '@nestjs/common';
import { UpstreamHealthController } from './upstream-health.controller.js';
import { UpstreamHealth } from './upstream-health.service.js';

/** The shop's health across its services, at GET /api/health. */
@Module({ controllers: [UpstreamHealthController], providers: [UpstreamHealth] })
export class UpstreamHealthModule {}
