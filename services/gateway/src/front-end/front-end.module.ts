import { Module } from '@nestjs/common';
import { FrontEndController } from './front-end.controller.js';
import { ApiReader } from './api-reader.js';
import { FrontEnd } from './front-end.service.js';
import { SearchEnginesController } from './search-engines.controller.js';
import { ServerPages } from './server-pages.js';
import { ReleasesModule } from '../releases/releases.module.js';
import { ClientAddresses } from '../security/client-addresses.js';

/**
 * What the browser gets outside /api and /uploads: the shop's front end.
 * Imported last by the app module, so its catch-all route comes after every other.
 */
@Module({ imports: [ReleasesModule], controllers: [SearchEnginesController, FrontEndController], providers: [FrontEnd, ClientAddresses, ApiReader, ServerPages] })
export class FrontEndModule {}
