import { randomBytes } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { PageSessions, type ReleasesFolder } from '@shop/mf-releases';
import { RELEASES_FOLDER } from './releases-folder.provider.js';

/**
 * The page credentials (libs/mf-releases' page-session.ts) under the key of the releases folder, which
 * every storefront server over it shares: a page served by one storefront server reports to any other. With fixed builds
 * (MF_REMOTES, no folder, no canary to judge) the key is this process's own.
 */
export const pageSessionsProvider: Provider = {
  provide: PageSessions,
  inject: [RELEASES_FOLDER],
  useFactory: (folder: ReleasesFolder | null): PageSessions => new PageSessions(folder ? folder.pageSessionKey() : randomBytes(32)),
};
