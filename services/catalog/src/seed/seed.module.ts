import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { DemoCatalogSeeder } from './demo-catalog.seeder.js';

/** The demo catalog, seeded into an empty catalog at start-up. */
@Module({
  imports: [UploadsModule],
  providers: [DemoCatalogSeeder],
})
export class SeedModule {}
