import { Module } from '@nestjs/common';
import { FrontEndController } from './front-end.controller.js';
import { FrontEnd } from './front-end.service.js';
import { RemoteBuilds } from './remote-builds.js';

/**
 * What the browser gets outside /api and /uploads: the shop's front end.
 * Imported last by the app module, so its catch-all route comes after every other.
 */
@Module({ controllers: [FrontEndController], providers: [FrontEnd, RemoteBuilds] })
export class FrontEndModule {}
