import { Module } from '@nestjs/common';
import { FrontEndController } from './front-end.controller.js';
import { ApiReader } from './api-reader.js';
import { FrontEnd } from './front-end.service.js';
import { PlainFormsController } from './plain-forms.controller.js';
import { SearchEnginesController } from './search-engines.controller.js';
import { ServerPages } from './server-pages.js';
import { SignInForm } from './sign-in-form.service.js';
import { ReleasesModule } from '../releases/releases.module.js';

/**
 * What the browser gets outside /api and /uploads: the shop's front end, and the answers to its plain
 * HTML forms. Imported last by the app module, so its catch-all route comes after every other; within
 * it, controllers register their routes in this order, FrontEndController's catch-all last.
 */
@Module({
  imports: [ReleasesModule],
  controllers: [SearchEnginesController, PlainFormsController, FrontEndController],
  providers: [FrontEnd, ApiReader, ServerPages, SignInForm],
})
export class FrontEndModule {}
