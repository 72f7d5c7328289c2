import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy } from '@nestjs/common';
import { buildKey, emptyCounts, ReleaseError, rollbackReason, summaryOf, type BuildCounts, type ReleasesFolder, type CanaryRule, type ReleasesStatus } from '@shop/mf-releases';
import { SERVICE_CONFIG } from '@shop/service-kit';
import type { StorefrontConfig } from '../config.js';
import { RemoteBuilds } from '../front-end/remote-builds.js';
import { PageReports } from './page-reports.service.js';
import { RELEASES_FOLDER } from './releases-folder.provider.js';

/** Who the actions log names for the storefront server's own rollbacks. */
export const AUTOMATIC = 'storefront (automatic rollback)';

/**
 * The releases as operators see and steer them: the status (what each build is, what shoppers reported
 * of it), promote and rollback (the Releases page), and the watch that rolls a failing canary back by
 * itself. Every storefront server watches; the folder's lock and the rollback's check of which canary it
 * meant make two storefront servers deciding at once roll back once.
 */
@Injectable()
export class Releases implements OnModuleDestroy {
  private readonly logger = new Logger('Releases');
  readonly rule: CanaryRule;
  private readonly retentionMs: number;
  private readonly timer?: NodeJS.Timeout;
  private watching = false;

  constructor(
    @Inject(SERVICE_CONFIG) config: StorefrontConfig,
    private readonly reports: PageReports,
    private readonly builds: RemoteBuilds,
    @Inject(RELEASES_FOLDER) private readonly folder: ReleasesFolder | null,
  ) {
    this.rule = { minSessions: config.MF_CANARY_MIN_SESSIONS, errorMarginPercent: config.MF_CANARY_ERROR_MARGIN_PERCENT, confidencePercent: config.MF_CANARY_CONFIDENCE_PERCENT };
    this.retentionMs = config.MF_BUILD_RETENTION_MINUTES * 60_000;
    if (folder) {
      this.timer = setInterval(() => void this.watch(), config.MF_CANARY_CHECK_SECONDS * 1_000);
      this.timer.unref();
    }
  }

  status(): ReleasesStatus {
    const folder = this.folder;
    if (folder) return folder.status({ retentionMs: this.retentionMs, rule: this.rule, counts: this.allCounts() });
    // Fixed builds (MF_REMOTES): what this process serves and counted; nothing to steer.
    const counts = this.reports.counts();
    const summary = (name: string, build: string) => ({ build, ...summaryOf(counts.get(buildKey(name, build)) ?? emptyCounts()) });
    return {
      managed: false,
      rule: this.rule,
      remotes: this.builds.current().map((remote) => ({ name: remote.name, current: remote.build ? summary(remote.name, remote.build.id) : null, canary: null, retained: [] })),
      actions: [],
    };
  }

  async promote(remote: string, percent: number | undefined, build: string | undefined, who: string): Promise<ReleasesStatus> {
    const folder = this.folderOfRemote(remote);
    await this.steer(() => folder.promote(remote, who, percent, build));
    this.logger.log(`${who} promoted ${remote}'s canary to ${percent ?? 100} %`);
    return this.status();
  }

  async rollback(remote: string, meant: string | undefined, who: string): Promise<ReleasesStatus> {
    const folder = this.folderOfRemote(remote);
    const build = await this.steer(() => folder.rollback(remote, who, '', false, meant));
    this.logger.log(`${who} rolled back ${remote} ${build}`);
    return this.status();
  }

  /**
   * Rolls back each canary the rule condemns (canary-rule.ts), logging why. The counts are every
   * storefront server's (this process's written first), so the decision is the shop's, not one replica's.
   */
  async watch(): Promise<void> {
    const folder = this.folder;
    if (!folder || this.watching) return;
    this.watching = true;
    try {
      const canaries = folder.canaries();
      if (!Object.keys(canaries).length) return;
      this.reports.flush();
      const counts = folder.reportedCounts(this.retentionMs);
      for (const [remote, canary] of Object.entries(canaries)) {
        const current = folder.currentBuildOf(remote);
        const reason = rollbackReason(counts.get(buildKey(remote, canary.build)) ?? emptyCounts(), (current && counts.get(buildKey(remote, current))) || emptyCounts(), this.rule);
        if (!reason) continue;
        try {
          await folder.rollback(remote, AUTOMATIC, reason, true, canary.build);
          this.logger.warn(`rolled back ${remote}'s canary ${canary.build} (${canary.percent} % of shoppers): ${reason}`);
        } catch (error) {
          // Another storefront server rolled it back first, or an operator changed the canary meanwhile.
          if (!(error instanceof ReleaseError)) throw error;
        }
      }
    } catch (error) {
      this.logger.error(`checking the canaries failed: ${error instanceof Error ? error.stack : String(error)}`);
    } finally {
      this.watching = false;
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Every storefront server's counts from the folder, with this process's newest in place of its last written ones. */
  private allCounts(): Map<string, BuildCounts> {
    this.reports.flush();
    return this.folder?.reportedCounts(this.retentionMs) ?? this.reports.counts();
  }

  private managedFolder() {
    const folder = this.folder;
    if (!folder) throw new ConflictException('The storefront server runs fixed builds (MF_REMOTES): set MF_REMOTES_FILE to release while the shop runs');
    return folder;
  }

  /** The folder, when `remote` is one of the shop's remotes (404 for any other name, `constructor` included). */
  private folderOfRemote(remote: string): ReleasesFolder {
    const folder = this.managedFolder();
    if (!folder.knows(remote)) throw new NotFoundException('No such remote');
    return folder;
  }

  /** A release step, its refusals as answers: 404 (nothing to promote or roll back), 409, 400. */
  private async steer<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
      if (error.kind === 'not-found') throw new NotFoundException(error.message);
      if (error.kind === 'conflict') throw new ConflictException(error.message);
      throw new BadRequestException(error.message);
    }
  }
}
