import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bucketOf, emptyCounts, type BuildCounts } from './build-stats.js';
import { buildIdOf, readActions, writeJson, type CanaryFile, type HistoryFile, type RemotesFile } from './release-files.js';
import { ReleaseError, ReleasesFolder } from './releases-folder.js';

const DAY = 24 * 60 * 60_000;
const RULE = { minSessions: 30, errorMarginPercent: 5, confidencePercent: 99 };

let root: string;
let folder: ReleasesFolder;
/** Each build of a test, by its remoteEntry.js, as rspack leaves it (with the standalone page the shell never loads). */
const builds = new Map<string, string>();

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mf-releases-'));
  folder = new ReleasesFolder(join(root, 'releases'));
  builds.clear();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A remote's build folder outside the releases folder; answers its folder. */
function built(remoteEntry: string): string {
  const dir = join(root, 'dist', String(builds.size));
  mkdirSync(join(dir, 'static'), { recursive: true });
  mkdirSync(join(dir, 'standalone'), { recursive: true });
  writeFileSync(join(dir, 'remoteEntry.js'), remoteEntry);
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'catalog', exposes: [] }));
  writeFileSync(join(dir, 'static', 'home.1a2b3c4d.js'), `export default ${JSON.stringify(remoteEntry)}`);
  writeFileSync(join(dir, 'standalone', 'index.html'), '<!doctype html>');
  builds.set(remoteEntry, dir);
  return dir;
}

/** Publishes a new build of `remote`; answers its id. */
const published = (remote: string, remoteEntry: string) => folder.publish(remote, built(remoteEntry), 'Pat <pat@example.com>');

const read = <T>(name: string): T => JSON.parse(readFileSync(join(folder.dir, name), 'utf8')) as T;
const actions = () => readActions(folder.dir, 100).reverse();

/** What a ReleaseError says, or a failure when the step went through. */
async function refusal(step: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await step;
  } catch (error) {
    if (error instanceof ReleaseError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('the step was taken');
}

/** Counts of `sessions` sessions, `errorSessions` of which met an error. */
function countsOf(sessions: number, errorSessions: number, lcp: number[] = []): BuildCounts {
  const counts = emptyCounts();
  counts.sessions = sessions;
  counts.errorSessions = errorSessions;
  counts.errors = errorSessions;
  for (const value of lcp) counts.vitals.LCP[bucketOf('LCP', value)]!++;
  return counts;
}

describe('publishing a build', () => {
  it('copies the build under its id, without its standalone page', async () => {
    const id = await published('catalog', 'var catalog = 1;');

    expect(id).toBe(buildIdOf(builds.get('var catalog = 1;')!));
    expect(readFileSync(join(folder.dir, 'catalog', id, 'remoteEntry.js'), 'utf8')).toBe('var catalog = 1;');
    expect(existsSync(join(folder.dir, 'catalog', id, 'static', 'home.1a2b3c4d.js'))).toBe(true);
    expect(existsSync(join(folder.dir, 'catalog', id, 'standalone'))).toBe(false);
    expect(folder.isPublished('catalog', id)).toBe(true);
    expect(actions()).toEqual([expect.objectContaining({ action: 'publish', remote: 'catalog', build: id, who: 'Pat <pat@example.com>' })]);
  });

  it('publishes the same build again as a no-op: same id, one copy, one action', async () => {
    const dir = built('var catalog = 1;');
    const first = await folder.publish('catalog', dir, 'Pat');
    const again = await folder.publish('catalog', dir, 'Pat');

    expect(again).toBe(first);
    expect(readdirSync(join(folder.dir, 'catalog'))).toEqual([first]);
    expect(actions().map((action) => action.action)).toEqual(['publish']);
  });

  it('refuses a folder that is no remote build, and a remote name that is no name', async () => {
    mkdirSync(join(root, 'empty'));
    expect(await refusal(folder.publish('catalog', join(root, 'empty'), 'Pat'))).toMatchObject({ kind: 'invalid' });
    expect(await refusal(folder.publish('Catalog!', built('var catalog;'), 'Pat'))).toMatchObject({ kind: 'invalid' });
  });
});

describe('using a build', () => {
  it('makes it current, retires the previous one in the history and logs who did it', async () => {
    const first = await published('catalog', 'var catalog = 1;');
    const second = await published('catalog', 'var catalog = 2;');

    expect(await folder.use('catalog', first, 'Pat')).toBeUndefined();
    expect(await folder.use('catalog', second, 'Sam <sam@example.com>')).toBe(first);

    expect(read<RemotesFile>('remotes.json')).toEqual({ catalog: `catalog/${second}` });
    expect(folder.currentBuildOf('catalog')).toBe(second);
    const history = read<HistoryFile>('history.json');
    expect(Object.keys(history.catalog ?? {})).toEqual([first]);
    expect(history.catalog?.[first]?.rolledBack).toBeUndefined();
    expect(actions().at(-1)).toMatchObject({ action: 'use', remote: 'catalog', build: second, who: 'Sam <sam@example.com>', detail: `${first} -> ${second}` });
  });

  it("of the current build ends the remote's canary, logged with who did it", async () => {
    const current = await published('catalog', 'var catalog = 1;');
    const canary = await published('catalog', 'var catalog = 2;');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 20, 'Pat');

    expect(await folder.use('catalog', current, 'Sam')).toBe(current);

    expect(folder.canaries()).toEqual({});
    expect(folder.currentBuildOf('catalog')).toBe(current);
    // Ended, not rolled back: served for the retention to the pages that loaded it.
    expect(folder.history().catalog?.[canary]).toEqual({ retiredAt: expect.any(String) });
    expect(actions().at(-1)).toMatchObject({ action: 'use', who: 'Sam', build: current, detail: `${current} stays, ending canary ${canary}` });
  });

  it('refuses a build that was never published', async () => {
    expect(await refusal(folder.use('catalog', '0123456789', 'Pat'))).toMatchObject({ kind: 'not-found' });
  });
});

describe('starting a canary', () => {
  let current: string;
  let next: string;

  beforeEach(async () => {
    current = await published('catalog', 'var catalog = 1;');
    next = await published('catalog', 'var catalog = 2;');
    await folder.use('catalog', current, 'Pat');
  });

  it('serves a published build to a share of the shoppers, logged with who started it', async () => {
    await folder.startCanary('catalog', next, 20, 'Pat');

    expect(folder.canaries()).toEqual({ catalog: { build: next, percent: 20, startedAt: expect.any(String), by: 'Pat' } });
    expect(folder.currentBuildOf('catalog')).toBe(current);
    expect(actions().at(-1)).toMatchObject({ action: 'canary', build: next, who: 'Pat', detail: '20 % of shoppers' });
  });

  it('refuses the current build, 0 % and 100 %, and a build that was never published', async () => {
    expect(await refusal(folder.startCanary('catalog', current, 20, 'Pat'))).toMatchObject({ kind: 'conflict' });
    expect(await refusal(folder.startCanary('catalog', next, 0, 'Pat'))).toMatchObject({ kind: 'invalid' });
    expect(await refusal(folder.startCanary('catalog', next, 100, 'Pat'))).toMatchObject({ kind: 'invalid' });
    expect(await refusal(folder.startCanary('catalog', next, 12.5, 'Pat'))).toMatchObject({ kind: 'invalid' });
    expect(await refusal(folder.startCanary('catalog', 'abcdefabcd', 20, 'Pat'))).toMatchObject({ kind: 'not-found' });
    expect(folder.canaries()).toEqual({});
  });

  it('replaces a running canary, retiring the old one (kept for the retention, not rolled back)', async () => {
    const third = await published('catalog', 'var catalog = 3;');
    await folder.startCanary('catalog', next, 20, 'Pat');
    await folder.startCanary('catalog', third, 10, 'Sam');

    expect(folder.canaries().catalog).toMatchObject({ build: third, percent: 10, by: 'Sam' });
    expect(folder.history().catalog?.[next]).toEqual({ retiredAt: expect.any(String) });
    expect(actions().at(-1)?.detail).toBe(`10 % of shoppers, replacing canary ${next}`);
  });
});

describe('promoting a canary', () => {
  let current: string;
  let canary: string;

  beforeEach(async () => {
    current = await published('catalog', 'var catalog = 1;');
    canary = await published('catalog', 'var catalog = 2;');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 10, 'Pat');
  });

  it('to a larger share changes its percent only', async () => {
    await folder.promote('catalog', 'Sam', 50);

    expect(folder.canaries().catalog).toMatchObject({ build: canary, percent: 50, by: 'Pat' });
    expect(folder.currentBuildOf('catalog')).toBe(current);
    expect(actions().at(-1)).toMatchObject({ action: 'promote', who: 'Sam', build: canary, detail: 'from 10 % to 50 % of shoppers' });
  });

  it('to every shopper makes it the current build and ends the canary', async () => {
    await folder.promote('catalog', 'Sam');

    expect(folder.currentBuildOf('catalog')).toBe(canary);
    expect(read<CanaryFile>('canary.json')).toEqual({});
    expect(folder.history().catalog?.[current]).toEqual({ retiredAt: expect.any(String) });
    expect(folder.history().catalog?.[canary]).toBeUndefined();
    expect(actions().at(-1)).toMatchObject({ action: 'promote', who: 'Sam', build: canary, detail: 'from 10 % to every shopper' });
  });

  it('refuses a percent out of 1 to 100, and a remote without a canary', async () => {
    expect(await refusal(folder.promote('catalog', 'Sam', 0))).toMatchObject({ kind: 'invalid' });
    expect(await refusal(folder.promote('catalog', 'Sam', 101))).toMatchObject({ kind: 'invalid' });
    expect(await refusal(folder.promote('checkout', 'Sam', 50))).toMatchObject({ kind: 'not-found' });
    expect(folder.canaries().catalog?.percent).toBe(10);
  });
});

describe('rolling back', () => {
  it("withdraws the remote's canary at once: rolled back in the history, logged with who and why", async () => {
    const current = await published('catalog', 'var catalog = 1;');
    const canary = await published('catalog', 'var catalog = 2;');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 20, 'Pat');

    expect(await folder.rollback('catalog', 'Sam')).toBe(canary);

    expect(read<CanaryFile>('canary.json')).toEqual({});
    expect(folder.currentBuildOf('catalog')).toBe(current);
    expect(folder.history().catalog?.[canary]).toEqual({ retiredAt: expect.any(String), rolledBack: true });
    expect(actions().at(-1)).toMatchObject({ action: 'rollback', who: 'Sam', build: canary, detail: 'canary at 20 % withdrawn' });
  });

  it("logs the gateway's own rollback as auto-rollback with the reason", async () => {
    const current = await published('catalog', 'var catalog = 1;');
    const canary = await published('catalog', 'var catalog = 2;');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 20, 'Pat');

    await folder.rollback('catalog', 'storefront (automatic rollback)', 'error rate 60 % over 5 sessions', true, canary);

    expect(actions().at(-1)).toMatchObject({ action: 'auto-rollback', who: 'storefront (automatic rollback)', build: canary, detail: 'error rate 60 % over 5 sessions' });
  });

  it('without a canary, goes back to the build retired last and withdraws the current one, step by step', async () => {
    const [first, second, third] = [await published('catalog', 'var catalog = 1;'), await published('catalog', 'var catalog = 2;'), await published('catalog', 'var catalog = 3;')];
    await folder.use('catalog', first, 'Pat');
    await folder.use('catalog', second, 'Pat');
    await folder.use('catalog', third, 'Pat');

    expect(await folder.rollback('catalog', 'Sam')).toBe(third);
    expect(folder.currentBuildOf('catalog')).toBe(second);
    expect(folder.history().catalog?.[third]).toEqual({ retiredAt: expect.any(String), rolledBack: true });
    expect(actions().at(-1)).toMatchObject({ action: 'rollback', who: 'Sam', build: second, detail: `back to ${second}, withdrawing ${third}` });

    // The withdrawn build is never gone back to.
    expect(await folder.rollback('catalog', 'Sam')).toBe(second);
    expect(folder.currentBuildOf('catalog')).toBe(first);
    expect(await refusal(folder.rollback('catalog', 'Sam'))).toMatchObject({ kind: 'not-found' });
    expect(folder.currentBuildOf('catalog')).toBe(first);
  });

  it('with nothing to go back to, throws not-found and changes nothing', async () => {
    const only = await published('catalog', 'var catalog = 1;');
    await folder.use('catalog', only, 'Pat');
    const before = actions().length;

    const refused = await refusal(folder.rollback('catalog', 'Sam'));

    expect(refused).toEqual({ kind: 'not-found', message: 'catalog has no earlier build to roll back to' });
    expect(folder.currentBuildOf('catalog')).toBe(only);
    expect(actions()).toHaveLength(before);
    expect(await refusal(folder.rollback('checkout', 'Sam'))).toMatchObject({ kind: 'not-found' });
  });

  it('of one canary (onlyBuild) that was replaced meanwhile is refused as a conflict, leaving the new canary running', async () => {
    const current = await published('catalog', 'var catalog = 1;');
    const judged = await published('catalog', 'var catalog = 2;');
    const replacement = await published('catalog', 'var catalog = 3;');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', judged, 20, 'Pat');
    await folder.startCanary('catalog', replacement, 20, 'Sam');

    expect(await refusal(folder.rollback('catalog', 'storefront (automatic rollback)', 'too many errors', true, judged))).toMatchObject({ kind: 'conflict' });
    expect(folder.canaries().catalog?.build).toBe(replacement);

    // Nor, once the replacement ended, does it roll back the current build instead.
    await folder.rollback('catalog', 'Sam');
    expect(await refusal(folder.rollback('catalog', 'storefront (automatic rollback)', 'too many errors', true, judged))).toMatchObject({ kind: 'conflict' });
    expect(folder.currentBuildOf('catalog')).toBe(current);
  });

  it('of the same canary by two writers at once happens once: one succeeds, one action is logged', async () => {
    const current = await published('catalog', 'var catalog = 1;');
    const canary = await published('catalog', 'var catalog = 2;');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 20, 'Pat');
    // Two gateways over the same folder, each deciding on its own.
    const other = new ReleasesFolder(folder.dir);

    const outcomes = await Promise.allSettled([
      folder.rollback('catalog', 'storefront (automatic rollback)', 'errors', true, canary),
      other.rollback('catalog', 'storefront (automatic rollback)', 'errors', true, canary),
    ]);

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(ReleaseError);
    expect((rejected?.reason as ReleaseError).kind).toBe('conflict');
    expect(actions().filter((action) => action.action === 'auto-rollback')).toHaveLength(1);
    expect(folder.currentBuildOf('catalog')).toBe(current);
    expect(existsSync(join(folder.dir, '.release.lock'))).toBe(false);
  });
});

describe("names of Object's own properties", () => {
  const inherited = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'prototype'];

  it('are no remote of the folder: not known, nothing to promote or roll back, nothing written', async () => {
    const current = await published('catalog', 'var catalog = 1;');
    const canary = await published('catalog', 'var catalog = 2;');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 20, 'Pat');
    const before = actions().length;

    for (const remote of inherited) {
      expect({ remote, known: folder.knows(remote) }).toEqual({ remote, known: false });
      expect(folder.currentBuildOf(remote)).toBeUndefined();
      expect(await refusal(folder.promote(remote, 'Sam', 50))).toMatchObject({ kind: 'not-found' });
      expect(await refusal(folder.rollback(remote, 'Sam'))).toMatchObject({ kind: 'not-found' });
    }
    expect(folder.knows('catalog')).toBe(true);
    expect(actions()).toHaveLength(before);
    expect(Object.keys(folder.canaries())).toEqual(['catalog']);
  });

  it('read from the files give nothing inherited', () => {
    writeJson(join(folder.dir, 'history.json'), { catalog: {} });
    expect(folder.canaries().constructor).toBeUndefined();
    expect(folder.currentLocations().toString).toBeUndefined();
    expect(folder.history().catalog?.constructor).toBeUndefined();
  });
});

describe('the page session key', () => {
  it('is made once, 32 random bytes only its owner reads, and the same for every gateway over the folder', () => {
    const first = folder.pageSessionKey();
    const again = new ReleasesFolder(folder.dir).pageSessionKey();

    expect(first).toHaveLength(32);
    expect(again.equals(first)).toBe(true);
    expect(statSync(join(folder.dir, 'page-sessions.key')).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a key file that holds no key, rather than signing with a weak one', () => {
    mkdirSync(folder.dir, { recursive: true });
    writeFileSync(join(folder.dir, 'page-sessions.key'), 'abc\n');
    expect(() => folder.pageSessionKey()).toThrow('holds no page session key');
  });
});

describe('pruning', () => {
  it('removes the builds retired before the retention, keeping the current one, the canary, those retired since and those never used', async () => {
    const [old, recent, current, canary, unused] = [
      await published('catalog', 'var catalog = 1;'),
      await published('catalog', 'var catalog = 2;'),
      await published('catalog', 'var catalog = 3;'),
      await published('catalog', 'var catalog = 4;'),
      await published('catalog', 'var catalog = 5;'),
    ];
    await folder.use('catalog', old, 'Pat');
    await folder.use('catalog', recent, 'Pat');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 10, 'Pat');
    // The old build retired two days ago.
    const history = folder.history();
    history.catalog![old] = { retiredAt: new Date(Date.now() - 2 * DAY).toISOString() };
    writeJson(join(folder.dir, 'history.json'), history);

    const removed = await folder.prune(DAY, 'Sam');

    expect(removed).toEqual([{ remote: 'catalog', build: old, retiredAt: history.catalog![old]!.retiredAt }]);
    expect(readdirSync(join(folder.dir, 'catalog')).sort()).toEqual([recent, current, canary, unused].sort());
    expect(Object.keys(folder.history().catalog ?? {})).toEqual([recent]);
    expect(actions().at(-1)).toMatchObject({ action: 'prune', who: 'Sam', build: old });
    expect(await folder.prune(DAY, 'Sam')).toEqual([]);
  });
});

describe('the status', () => {
  it('shows current, canary and retained builds with the counts of every report file summed, leaving out reports older than the window', async () => {
    const [retired, current, canary] = [await published('catalog', 'var catalog = 1;'), await published('catalog', 'var catalog = 2;'), await published('catalog', 'var catalog = 3;')];
    await folder.use('catalog', retired, 'Pat');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 20, 'Pat');
    folder.writeReports('host-a-1', { [`catalog/${current}`]: countsOf(10, 1, [900, 900]), [`catalog/${canary}`]: countsOf(2, 1) }, DAY);
    folder.writeReports('host-b-2', { [`catalog/${current}`]: countsOf(10, 0, [900, 3000]), [`catalog/${retired}`]: countsOf(4, 0) }, DAY);
    // A gateway that stopped reporting two days ago.
    writeJson(join(folder.dir, 'reports', 'host-c-3.json'), {
      instance: 'host-c-3',
      updatedAt: new Date(Date.now() - 2 * DAY).toISOString(),
      builds: { [`catalog/${current}`]: countsOf(1000, 1000) },
    });

    const status = folder.status({ retentionMs: DAY, rule: RULE });

    expect(status.managed).toBe(true);
    expect(status.rule).toEqual(RULE);
    expect(status.remotes).toHaveLength(1);
    const [catalog] = status.remotes;
    expect(catalog?.name).toBe('catalog');
    expect(catalog?.current).toMatchObject({ build: current, sessions: 20, errorSessions: 1, errorRatePercent: 5, vitals: { LCP: 1000, INP: null, CLS: null } });
    expect(catalog?.canary).toMatchObject({ build: canary, sessions: 2, errorSessions: 1, errorRatePercent: 50, percent: 20, by: 'Pat' });
    expect(catalog?.retained).toEqual([
      expect.objectContaining({ build: retired, sessions: 4, errorRatePercent: 0, rolledBack: false, retiredAt: expect.any(String), servedUntil: expect.any(String) }),
    ]);
    const [kept] = catalog!.retained;
    expect(Date.parse(kept!.servedUntil) - Date.parse(kept!.retiredAt)).toBe(DAY);
    expect(status.actions[0]).toMatchObject({ action: 'canary', build: canary });
  });

  it('shows a rolled-back build as served until it was rolled back, and a build nobody reported on with no rates', async () => {
    const current = await published('catalog', 'var catalog = 1;');
    const canary = await published('catalog', 'var catalog = 2;');
    await folder.use('catalog', current, 'Pat');
    await folder.startCanary('catalog', canary, 20, 'Pat');
    await folder.rollback('catalog', 'Sam');

    const [catalog] = folder.status({ retentionMs: DAY, rule: RULE }).remotes;

    expect(catalog?.canary).toBeNull();
    expect(catalog?.current).toEqual({ build: current, sessions: 0, errorSessions: 0, errorRatePercent: null, errors: 0, loadFailures: 0, renders: 0, renderFailures: 0, fileRequests: 0, fileFailures: 0, vitals: { LCP: null, INP: null, CLS: null } });
    expect(catalog?.retained).toEqual([expect.objectContaining({ build: canary, rolledBack: true })]);
    expect(catalog?.retained[0]?.servedUntil).toBe(catalog?.retained[0]?.retiredAt);
  });
});
