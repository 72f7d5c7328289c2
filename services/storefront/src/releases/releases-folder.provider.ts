import { dirname, resolve } from 'node:path';
import type { Provider } from '@nestjs/common';
import { ReleasesFolder } from '@shop/mf-releases';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { StorefrontConfig } from '../config.js';

/**
 * The releases folder the storefront server steers (the folder of MF_REMOTES_FILE), or null when MF_REMOTES fixes
 * the builds: one instance for the page reports (their counts) and the releases (status, steps, watch).
 */
export const RELEASES_FOLDER = Symbol('RELEASES_FOLDER');

export const releasesFolderProvider: Provider = {
  provide: RELEASES_FOLDER,
  inject: [SERVICE_CONFIG],
  useFactory: (config: StorefrontConfig): ReleasesFolder | null => (config.MF_REMOTES_FILE ? new ReleasesFolder(dirname(resolve(config.MF_REMOTES_FILE))) : null),
};
