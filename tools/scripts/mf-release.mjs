#!/usr/bin/env node
/**
 * Ships, tries on a few shoppers, promotes and rolls back a micro-frontend's build while the shop runs
 * (docs/micro-frontends.md, "Releasing"). The releases folder and its files are @shop/mf-releases'.
 *
 *   publish <remote> <build folder> [--use | --canary <percent>]
 *       copies a build (apps/catalog-mf/dist) to <releases>/<remote>/<build id>/ and prints the id;
 *       --use makes it the current build at once, --canary serves it to <percent> % of shoppers
 *   canary <remote> <build id> <percent>
 *       serves a published build to <percent> % (1–99) of shoppers, sticky per browser
 *   promote <remote> [<percent>]
 *       serves the remote's canary to <percent> % of shoppers, or to every one (it becomes current)
 *   rollback <remote>
 *       withdraws the remote's canary; without one, makes the build retired last current again
 *   use <remote> <build id>
 *       makes a published build the current one for every shopper (ending a canary of the remote)
 *   status [--json]
 *       each remote's current, canary and retained builds with sessions, error rate and Web Vitals as
 *       the gateways counted them, the automatic rollback rule, and the last actions with who took them
 *   list
 *       every published build, newest first, and what it is now
 *   prune
 *       removes the builds retired longer ago than MF_BUILD_RETENTION_MINUTES (a day by default)
 *
 * <releases> is MF_RELEASES_DIR (default .data/mf-releases); the gateway's MF_REMOTES_FILE names its
 * remotes.json and the gateway rereads the folder's files when they change: nothing is rebuilt or
 * restarted. Actions are logged with who took them: MF_RELEASE_BY, else the system user.
 */
import { userInfo } from 'node:os';
import { ReleaseError, ReleasesFolder } from '@shop/mf-releases';

const folder = new ReleasesFolder(process.env.MF_RELEASES_DIR ?? '.data/mf-releases');
const retentionMs = Number(process.env.MF_BUILD_RETENTION_MINUTES ?? 1440) * 60_000;
const rule = {
  minSessions: Number(process.env.MF_CANARY_MIN_SESSIONS ?? 30),
  errorMarginPercent: Number(process.env.MF_CANARY_ERROR_MARGIN_PERCENT ?? 5),
  confidencePercent: Number(process.env.MF_CANARY_CONFIDENCE_PERCENT ?? 99),
};
const who = `${process.env.MF_RELEASE_BY || userInfo().username} (mf-release)`;
const out = (line) => process.stdout.write(`${line}\n`);
const usage =
  'usage: publish <remote> <build folder> [--use | --canary <percent>] | canary <remote> <build id> <percent> | ' +
  'promote <remote> [<percent>] | rollback <remote> | use <remote> <build id> | status [--json] | list | prune';

function percentOf(text) {
  const percent = Number(text);
  if (!Number.isInteger(percent)) throw new ReleaseError('invalid', `${text} is no whole percent`);
  return percent;
}

const dash = (value, unit = '') => (value === null || value === undefined ? '–' : `${value}${unit}`);

function printStatus(status) {
  out(
    `automatic rollback: a canary whose error rate (verified sessions), server render failures or file failures exceed the current build's ` +
      `by more than ${status.rule.errorMarginPercent} points at ${status.rule.confidencePercent} % confidence, at least ${status.rule.minSessions} of each on both`,
  );
  for (const remote of status.remotes) {
    out(`\n${remote.name}`);
    const line = (role, build, extra) =>
      out(
        `  ${role.padEnd(9)} ${build.build}  ${String(build.sessions).padStart(6)} sessions  errors ${dash(build.errorRatePercent, ' %').padStart(7)}` +
          `  LCP ${dash(build.vitals.LCP, ' ms')}  INP ${dash(build.vitals.INP, ' ms')}  CLS ${dash(build.vitals.CLS)}` +
          `  renders ${build.renderFailures ?? 0}/${build.renders ?? 0} failed  files ${build.fileFailures ?? 0}/${build.fileRequests ?? 0} failed${extra ? `  ${extra}` : ''}`,
      );
    if (remote.current) line('current', remote.current);
    if (remote.canary) line('canary', remote.canary, `${remote.canary.percent} % since ${remote.canary.startedAt} by ${remote.canary.by}`);
    for (const build of remote.retained) {
      line(build.rolledBack ? 'withdrawn' : 'retained', build, build.rolledBack ? `rolled back ${build.retiredAt}` : `retired ${build.retiredAt}, served until ${build.servedUntil}`);
    }
  }
  if (status.actions.length) out('\nlast actions');
  for (const action of status.actions.slice(0, 10)) out(`  ${action.at} ${action.who}: ${action.action} ${action.remote} ${action.build} ${action.detail}`);
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'publish' && args.length >= 2) {
    const id = await folder.publish(args[0], args[1], who);
    out(id);
    const canary = args.indexOf('--canary');
    if (args.includes('--use')) out(`${args[0]}: ${(await folder.use(args[0], id, who)) ?? '(none)'} -> ${id}`);
    else if (canary !== -1) {
      await folder.startCanary(args[0], id, percentOf(args[canary + 1]), who);
      out(`${args[0]}: canary ${id} at ${args[canary + 1]} %`);
    }
  } else if (command === 'canary' && args.length === 3) {
    await folder.startCanary(args[0], args[1], percentOf(args[2]), who);
    out(`${args[0]}: canary ${args[1]} at ${args[2]} %`);
  } else if (command === 'promote' && (args.length === 1 || args.length === 2)) {
    await folder.promote(args[0], who, args[1] === undefined ? 100 : percentOf(args[1]));
    out(`${args[0]}: canary promoted to ${args[1] ?? 100} %`);
  } else if (command === 'rollback' && args.length === 1) {
    out(`${args[0]}: rolled back ${await folder.rollback(args[0], who)}`);
  } else if (command === 'use' && args.length === 2) {
    out(`${args[0]}: ${(await folder.use(args[0], args[1], who)) ?? '(none)'} -> ${args[1]}`);
  } else if (command === 'status') {
    const status = folder.status({ retentionMs, rule });
    if (args.includes('--json')) out(JSON.stringify(status, null, 2));
    else printStatus(status);
  } else if (command === 'list') {
    for (const build of folder.published()) {
      const mark = build.role === 'current' ? '*' : build.role === 'canary' ? '~' : ' ';
      out(`${mark} ${build.remote} ${build.build} ${build.time.toISOString()}${build.retiredAt ? ` ${build.rolledBack ? 'rolled back' : 'retired'} ${build.retiredAt}` : ''}`);
    }
  } else if (command === 'prune') {
    for (const removed of await folder.prune(retentionMs, who)) out(`removed ${removed.remote} ${removed.build} (retired ${removed.retiredAt})`);
  } else {
    throw new ReleaseError('invalid', usage);
  }
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  process.stderr.write(`mf-release: ${error.message}\n`);
  process.exit(1);
}
