import { Module } from '@nestjs/common';
import { CustomerCopy } from './customer-copy.js';

/** The copy of the shop's users that names each order's customer, fed by the users service's events (src/events/user-*.handler.ts). */
@Module({ providers: [CustomerCopy], exports: [CustomerCopy] })
export class CustomersModule {}
