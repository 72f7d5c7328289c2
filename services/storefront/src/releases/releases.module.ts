import { Module } from '@nestjs/common';
import { PageSessions } from '@shop/mf-releases';
import { RemoteBuilds } from '../front-end/remote-builds.js';
import { AdminCaller } from './admin-caller.js';
import { PageReportsController } from './page-reports.controller.js';
import { PageReports } from './page-reports.service.js';
import { pageSessionsProvider } from './page-sessions.provider.js';
import { ReleasesController } from './releases.controller.js';
import { releasesFolderProvider } from './releases-folder.provider.js';
import { Releases } from './releases.service.js';

/**
 * The micro-frontends' releases at run time: which build each shopper gets (RemoteBuilds: current,
 * canary by cohort, retained), the credential each served page reports under (PageSessions), what verified
 * pages report and the storefront server sees of each build (PageReports), the automatic rollback of a failing canary,
 * and the admins' Releases API. The front end (FrontEndModule) serves what it decides and counts what it serves.
 */
@Module({
  controllers: [PageReportsController, ReleasesController],
  providers: [RemoteBuilds, releasesFolderProvider, pageSessionsProvider, PageReports, Releases, AdminCaller],
  exports: [RemoteBuilds, PageReports, PageSessions],
})
export class ReleasesModule {}
