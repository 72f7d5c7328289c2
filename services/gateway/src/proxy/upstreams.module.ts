import { Global, Module } from '@nestjs/common';
import { UpstreamPool } from './upstream-pool.js';

/** The services' replicas and their connections, for every part of the gateway that calls a service. */
@Global()
@Module({ providers: [UpstreamPool], exports: [UpstreamPool] })
export class UpstreamsModule {}
