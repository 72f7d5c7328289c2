import { useState, type ReactNode } from 'react';
import { Alert, Button, Spinner, Table, usePageTitle, type TableColumn } from '@shop/ui';
import { useReleases } from './api/get-releases.js';
import { usePromoteRelease } from './api/promote-release.js';
import type { BuildStatus, CanaryStatus, ReleasesStatus, RemoteReleases, RetainedStatus } from './api/releases-status.js';
import { useRollbackRelease } from './api/rollback-release.js';
import { errorRate, failedOf, layoutShift, milliseconds, nextShares, shareLabel, utcMinute } from './release-format.js';
import { BuildCell, Figure, Note, Section, ShareSelect, SubHeading, TextCell } from './releases.styles.js';
import { Heading, RowActions } from '../../shared/layout.js';

const BUILD_COLUMNS: readonly TableColumn[] = ['BUILD', 'STATUS', 'SESSIONS', 'ERROR RATE', 'RENDERS FAILED', 'FILES FAILED', 'LCP (ms)', 'INP (ms)', 'CLS'];

/** What the operator's buttons do, handed down to each remote's table. */
interface ReleaseControls {
  /** A promote or roll back is on its way: no second one meanwhile. */
  busy: boolean;
  onPromote: (remote: RemoteReleases, canary: CanaryStatus, percent: number) => void;
  onRollbackCanary: (remote: RemoteReleases, canary: CanaryStatus) => void;
  onRollbackTo: (remote: RemoteReleases, current: BuildStatus, target: RetainedStatus) => void;
}

/**
 * The releases of the micro-frontends (admin only): for each remote its current build, its canary with
 * its share of the shoppers, and its retained builds, each with what shoppers reported (sessions, error
 * rate, p75 Web Vitals), then the recent actions. Read again every 10 s. An operator promotes a canary
 * (to a larger share, or to every shopper) or rolls it back, or, without a canary, rolls the remote back
 * to the build retired last; each asks for confirmation first, and the page then shows the gateway's
 * answer. When the gateway's MF_REMOTES setting fixes the builds, the page says so and offers no buttons.
 */
export function ReleasesBoard() {
  usePageTitle('Releases');
  const releases = useReleases();
  const promote = usePromoteRelease();
  const rollback = useRollbackRelease();
  const actionError = promote.error ?? rollback.error;

  const controls: ReleaseControls = {
    busy: promote.isPending || rollback.isPending,
    onPromote(remote, canary, percent) {
      const to = percent === 100 ? 'every shopper, making it the current build' : `${percent} % of shoppers`;
      if (!window.confirm(`Promote the ${remote.name} canary ${canary.build} to ${to}. Are you sure?`)) return;
      rollback.reset();
      promote.mutate({ remote: remote.name, percent, build: canary.build });
    },
    onRollbackCanary(remote, canary) {
      if (!window.confirm(`Roll back the ${remote.name} canary ${canary.build}: its shoppers go back to the current build. Are you sure?`)) return;
      promote.reset();
      rollback.mutate({ remote: remote.name, build: canary.build });
    },
    onRollbackTo(remote, current, target) {
      if (!window.confirm(`Roll back ${remote.name} from ${current.build} to ${target.build}. Are you sure?`)) return;
      promote.reset();
      rollback.mutate({ remote: remote.name, build: current.build });
    },
  };

  return (
    <>
      <Heading>Releases</Heading>
      {actionError && <Alert variant="danger">{actionError.message}</Alert>}
      {controls.busy && <Spinner size="sm" label="Saving release change..." showLabel />}
      {releases.isPending ? (
        <Spinner />
      ) : releases.data === undefined ? (
        <Alert variant="danger">{releases.error?.message}</Alert>
      ) : (
        <>
          {/* A failed refresh keeps the last status on screen, under the message. */}
          {releases.error && <Alert variant="danger">{releases.error.message}</Alert>}
          <ReleasesStatusView status={releases.data} controls={controls} />
        </>
      )}
    </>
  );
}

function ReleasesStatusView({ status, controls }: { status: ReleasesStatus; controls: ReleaseControls }) {
  return (
    <>
      {status.managed ? (
        <Note>
          A canary is rolled back automatically when its error rate, its failed server renders or its failed files pass the current build&apos;s by more than{' '}
          {status.rule.errorMarginPercent} percentage points, at {status.rule.confidencePercent} % confidence, over at least {status.rule.minSessions} of each on
          both builds. Sessions are pages the shop served, each counted once; renders and files are what the gateway saw itself. Web Vitals are the 75th
          percentile of those sessions&apos; reports.
        </Note>
      ) : (
        <Alert>Releases are fixed by the gateway&apos;s MF_REMOTES setting: they cannot be promoted or rolled back here.</Alert>
      )}
      {status.remotes.length === 0 && <Alert>No remotes found.</Alert>}
      {status.remotes.map((remote) => (
        <RemoteBuilds key={remote.name} remote={remote} controls={status.managed ? controls : undefined} />
      ))}
      <RecentActions actions={status.actions} />
    </>
  );
}

/** The most recently retired build that was not rolled back: where a remote without a canary rolls back to. */
function rollbackTargetOf(remote: RemoteReleases): RetainedStatus | undefined {
  return remote.retained
    .filter((build) => !build.rolledBack)
    .sort((a, b) => Date.parse(b.retiredAt) - Date.parse(a.retiredAt))[0];
}

interface RemoteBuildsProps {
  remote: RemoteReleases;
  /** The buttons' actions; none when the releases are not managed here. */
  controls?: ReleaseControls;
}

/** One remote's table: its current build, its canary, then its retained builds, newest first. */
function RemoteBuilds({ remote, controls }: RemoteBuildsProps) {
  const { current, canary, retained } = remote;
  const target = canary ? undefined : rollbackTargetOf(remote);
  const columns = controls ? [...BUILD_COLUMNS, { hiddenLabel: 'Actions' }] : BUILD_COLUMNS;

  return (
    <Section>
      <SubHeading>{remote.name}</SubHeading>
      {!current && !canary && retained.length === 0 ? (
        <Alert>No builds of {remote.name}.</Alert>
      ) : (
        <Table label={`${remote.name} builds`} columns={columns}>
          {current && (
            <BuildRow build={current} status="Current" withActions={controls !== undefined}>
              {controls && target && (
                <Button
                  $size="sm"
                  $variant="danger"
                  disabled={controls.busy}
                  aria-label={`Roll back ${remote.name} to ${target.build}`}
                  onClick={() => controls.onRollbackTo(remote, current, target)}
                >
                  Roll back
                </Button>
              )}
            </BuildRow>
          )}
          {canary && (
            <BuildRow
              build={canary}
              status={
                <>
                  Canary, {canary.percent} % of shoppers{' '}
                  <br />
                  since {utcMinute(canary.startedAt)} by {canary.by}
                </>
              }
              withActions={controls !== undefined}
            >
              {controls && <CanaryActions remote={remote} canary={canary} controls={controls} />}
            </BuildRow>
          )}
          {[...retained]
            .sort((a, b) => Date.parse(b.retiredAt) - Date.parse(a.retiredAt))
            .map((build) => (
              <BuildRow
                key={build.build}
                build={build}
                status={
                  <>
                    Retired {utcMinute(build.retiredAt)}{' '}
                    <br />
                    {build.rolledBack ? 'rolled back' : `served until ${utcMinute(build.servedUntil)}`}
                  </>
                }
                withActions={controls !== undefined}
              />
            ))}
        </Table>
      )}
    </Section>
  );
}

interface BuildRowProps {
  build: BuildStatus;
  status: ReactNode;
  /** The table has an actions column (the row's cell stays, empty, when the build has no button). */
  withActions: boolean;
  children?: ReactNode;
}

/** A build's row: its id, its place (current, canary, retired), what its verified sessions reported and what the gateway saw. */
function BuildRow({ build, status, withActions, children }: BuildRowProps) {
  return (
    <tr>
      <BuildCell>{build.build}</BuildCell>
      <TextCell>{status}</TextCell>
      <Figure>{build.sessions}</Figure>
      <Figure>{errorRate(build.errorRatePercent)}</Figure>
      <Figure>{failedOf(build.renderFailures, build.renders)}</Figure>
      <Figure>{failedOf(build.fileFailures, build.fileRequests)}</Figure>
      <Figure>{milliseconds(build.vitals.LCP)}</Figure>
      <Figure>{milliseconds(build.vitals.INP)}</Figure>
      <Figure>{layoutShift(build.vitals.CLS)}</Figure>
      {withActions && (
        <td>
          <RowActions>{children}</RowActions>
        </td>
      )}
    </tr>
  );
}

interface CanaryActionsProps {
  remote: RemoteReleases;
  canary: CanaryStatus;
  controls: ReleaseControls;
}

/** The share to promote the canary to (the next step by default), 'Promote' and 'Roll back'. */
function CanaryActions({ remote, canary, controls }: CanaryActionsProps) {
  const shares = nextShares(canary.percent);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  // A share no longer above the canary's (it was promoted meanwhile) gives way to the next one.
  const percent = chosen !== undefined && shares.includes(chosen) ? chosen : (shares[0] ?? 100);
  const name = `${remote.name} canary ${canary.build}`;
  return (
    <>
      <ShareSelect aria-label={`New share for the ${name}`} value={percent} disabled={controls.busy} onChange={(event) => setChosen(Number(event.target.value))}>
        {shares.map((share) => (
          <option key={share} value={share}>
            {shareLabel(share)}
          </option>
        ))}
      </ShareSelect>
      <Button $size="sm" disabled={controls.busy} aria-label={`Promote the ${name}`} onClick={() => controls.onPromote(remote, canary, percent)}>
        Promote
      </Button>
      <Button $size="sm" $variant="danger" disabled={controls.busy} aria-label={`Roll back the ${name}`} onClick={() => controls.onRollbackCanary(remote, canary)}>
        Roll back
      </Button>
    </>
  );
}

/** What was done to the builds lately, newest first: when, who, and what. */
function RecentActions({ actions }: { actions: ReleasesStatus['actions'] }) {
  return (
    <Section>
      <SubHeading>Recent actions</SubHeading>
      {actions.length === 0 ? (
        <Alert>No actions yet.</Alert>
      ) : (
        <Table label="Recent actions" columns={['WHEN', 'WHO', 'WHAT']}>
          {actions.map((action, index) => (
            // Two actions may share a minute, a who and a build: the position in the list tells them apart.
            <tr key={`${action.at}-${index}`}>
              <td>
                <time dateTime={action.at}>{utcMinute(action.at)}</time>
              </td>
              <td>{action.who}</td>
              <TextCell>
                {action.action} {action.remote} {action.build}
                {action.detail && `: ${action.detail}`}
              </TextCell>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}
