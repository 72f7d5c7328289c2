import { Module } from '@nestjs/common';
import { RemoteBuilds } from '../front-end/remote-builds.js';
import { ClientAddresses } from '../security/client-addresses.js';
import { AdminCaller } from './admin-caller.js';
import { PageReportsController } from './page-reports.controller.js';
import { PageReports } from './page-reports.service.js';
import { ReleasesController } from './releases.controller.js';
import { releasesFolderProvider } from './releases-folder.provider.js';
import { Releases } from './releases.service.js';

/**
 * The micro-frontends' releases at run time: which build each shopper gets (RemoteBuilds: current,
 * canary by cohort, retained), what shoppers' pages report of each build, the automatic rollback of a
 * failing canary, and the admins' Releases API. The front end (FrontEndModule) serves what it decides.
 */
@Module({
  controllers: [PageReportsController, ReleasesController],
  providers: [RemoteBuilds, releasesFolderProvider, PageReports, Releases, AdminCaller, ClientAddresses],
  exports: [RemoteBuilds],
})
export class ReleasesModule {}
