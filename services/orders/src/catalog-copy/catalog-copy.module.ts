import { Module } from '@nestjs/common';
import { CatalogCopy } from './catalog-copy.js';

/** The copy of the catalog orders are priced from, fed by catalog's product events (src/events/product-*.handler.ts). */
@Module({ providers: [CatalogCopy], exports: [CatalogCopy] })
export class CatalogCopyModule {}
