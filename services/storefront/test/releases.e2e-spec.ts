import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { COHORT_COOKIE, ReleasesFolder, type CanaryFile, type ReleaseAction, type ReleasesStatus } from '@shop/mf-releases';
import { startShop, type TestShop } from './support/storefront.js';
import { sendJson } from '@shop/testing';

/** The people the users service knows, by bearer token. */
const PEOPLE: Record<string, { _id: string; name: string; email: string; isAdmin: boolean }> = {
  'admin-token': { _id: 'a1', name: 'Ada Admin', email: 'ada@example.com', isAdmin: true },
  'customer-token': { _id: 'c1', name: 'Carl Customer', email: 'carl@example.com', isAdmin: false },
};
const ADMIN = 'Bearer admin-token';
const CUSTOMER = 'Bearer customer-token';
/** How the actions log names the admin. */
const ADMIN_NAME = 'Ada Admin <ada@example.com> (a1)';
const AUTOMATIC = 'storefront (automatic rollback)';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Asks `check` again every 100 ms until it holds or `ms` passed; answers its last answer. */
async function eventually<T>(check: () => Promise<T> | T, holds: (value: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await check();
  while (!holds(value) && Date.now() < deadline) {
    await sleep(100);
    value = await check();
  }
  return value;
}

/** The remotes list the storefront server wrote into a page. */
function inlineRemotes(html: string): Record<string, string> {
  const json = /<script type="application\/json" id="shop-remotes">(.*?)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as Record<string, string>) : {};
}

/** The credential the storefront server wrote into a page. */
function credentialIn(html: string): string {
  const credential = /<meta name="shop-page-session" content="([^"]+)">/.exec(html)?.[1];
  if (!credential) throw new Error('the page carries no credential');
  return credential;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((match) => match[1]);

/**
 * A shop over a releases folder of its own: a built shell whose / is catalog's HomePage, catalog's
 * builds published with ReleasesFolder as mf-release.mjs does, and a storefront server (MF_REMOTES_FILE) whose
 * users service knows an admin and a customer by token and refuses any other token.
 */
class ReleasesShop {
  readonly root = mkdtempSync(join(tmpdir(), 'storefront-releases-'));
  readonly shellDir = join(this.root, 'shell');
  readonly folder = new ReleasesFolder(join(this.root, 'releases'));
  private builds = 0;
  shop?: TestShop;

  constructor() {
    mkdirSync(this.shellDir, { recursive: true });
    writeFileSync(join(this.shellDir, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(this.shellDir, 'routes.json'), JSON.stringify([{ path: '/', remote: 'catalog', module: 'HomePage' }]));
  }

  /** Builds catalog (remoteEntry.js saying `version`, one chunk) and publishes it; answers its id. */
  async publish(version: number): Promise<string> {
    const dir = join(this.root, 'dist', String(this.builds++));
    mkdirSync(join(dir, 'static'), { recursive: true });
    writeFileSync(join(dir, 'remoteEntry.js'), `var catalog = ${version};`);
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'catalog', exposes: [{ name: 'HomePage', assets: { js: { sync: ['static/home.js'], async: [] } } }] }));
    writeFileSync(join(dir, 'static', 'home.js'), `export const version = ${version};`);
    return this.folder.publish('catalog', dir, 'Pat <pat@example.com> (mf-release)');
  }

  /** Starts the storefront server over the folder (or, with MF_REMOTES_FILE '', over the fixed builds of MF_REMOTES). */
  async start(settings: Record<string, string> = {}): Promise<this> {
    const env: Record<string, string> = { SHELL_DIR: this.shellDir, MF_REMOTES_FILE: this.folder.remotesFile, ...settings };
    if (!env.MF_REMOTES_FILE) delete env.MF_REMOTES_FILE;
    this.shop = await startShop(env);
    this.shop.users.handler = (req, res) => {
      const person = req.url === '/api/users/profile' ? PEOPLE[/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''] : undefined;
      if (person) sendJson(res, 200, person);
      else sendJson(res, 401, { message: 'Not authorized, token failed' });
    };
    return this;
  }

  get url(): string {
    if (!this.shop) throw new Error('the shop has not started');
    return this.shop.storefront.url;
  }

  /** index.html at / as a browser with `cookie` gets it. */
  page(cookie?: string) {
    const req = request(this.url).get('/').set('Accept', 'text/html');
    return cookie ? req.set('Cookie', cookie) : req;
  }

  get(path: string, cookie?: string) {
    const req = request(this.url).get(path);
    return cookie ? req.set('Cookie', cookie) : req;
  }

  /**
   * The credential of a page served to a browser of `cohort` (the canary's shoppers are below its percent),
   * from `address`: what a real page reports under.
   */
  async credential(cohort: number, address?: string): Promise<string> {
    const req = this.page(`${COHORT_COOKIE}=${cohort}`);
    if (address) req.set('X-Forwarded-For', address);
    return credentialIn((await req.expect(200)).text);
  }

  /** One real page: served to a browser of `cohort` at `address`, reporting `reports` under its credential from there. */
  async pageReporting(cohort: number, address: string, reports: unknown[], session = 'session-of-a-page'): Promise<void> {
    const credential = await this.credential(cohort, address);
    await this.beacon({ session, credential, reports }, address).expect(204);
  }

  /**
   * Catalog's current build and a canary of it at 20 %, judged every second once both builds have 3
   * sessions, the storefront server trusting loopback's X-Forwarded-For (a crowd from many addresses).
   */
  async startJudgingCanary(): Promise<{ current: string; canary: string }> {
    const current = await this.publish(1);
    const canary = await this.publish(2);
    await this.folder.use('catalog', current, 'Pat');
    await this.folder.startCanary('catalog', canary, 20, 'Pat');
    await this.start({ TRUST_PROXY: 'loopback', MF_CANARY_CHECK_SECONDS: '1', MF_CANARY_MIN_SESSIONS: '3' });
    return { current, canary };
  }

  /** One beacon of a page session, from `address` (the storefront server trusts loopback's X-Forwarded-For when TRUST_PROXY says so). */
  beacon(body: unknown, address?: string) {
    const req = request(this.url).post('/api/page-reports').set('Content-Type', 'application/json');
    if (address) req.set('X-Forwarded-For', address);
    return req.send(typeof body === 'string' ? body : JSON.stringify(body));
  }

  async status(): Promise<ReleasesStatus> {
    return (await request(this.url).get('/api/releases').set('Authorization', ADMIN).expect(200)).body as ReleasesStatus;
  }

  canaries(): CanaryFile {
    return JSON.parse(readFileSync(join(this.folder.dir, 'canary.json'), 'utf8')) as CanaryFile;
  }

  actions(): ReleaseAction[] {
    const file = join(this.folder.dir, 'actions.jsonl');
    return existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as ReleaseAction) : [];
  }

  async close(): Promise<void> {
    await this.shop?.close();
    rmSync(this.root, { recursive: true, force: true });
  }
}

let shop: ReleasesShop;

beforeEach(() => {
  shop = new ReleasesShop();
});

afterEach(async () => {
  await shop.close();
});

/** A view, and an error or not, of one session of each build. */
const view = (build: string) => ({ remote: 'catalog', build, kind: 'view' });
const error = (build: string) => ({ remote: 'catalog', build, kind: 'error', message: 'TypeError: x is undefined' });
const session = (n: number) => `session-${String(n).padStart(4, '0')}`;

describe('which build a shopper gets', () => {
  it('without a canary, is the same for everyone: no cookie is given or read, and the answer is not private', async () => {
    const current = await shop.publish(1);
    await shop.folder.use('catalog', current, 'Pat');
    await shop.start();

    for (const res of [await shop.page().expect(200), await shop.get('/mf/remotes.json').expect(200)]) {
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers.vary ?? '').not.toMatch(/cookie/i);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect(inlineRemotes((await shop.page(`${COHORT_COOKIE}=5`).expect(200)).text).catalog).toBe(`/mf/catalog/${current}/remoteEntry.js`);
  });

  it('with a canary, gives a browser without a cohort one for a year, not to scripts, and answers privately by cookie', async () => {
    const current = await shop.publish(1);
    const canary = await shop.publish(2);
    await shop.folder.use('catalog', current, 'Pat');
    await shop.folder.startCanary('catalog', canary, 20, 'Pat');
    await shop.start();

    for (const res of [await shop.page().expect(200), await shop.get('/mf/remotes.json').expect(200)]) {
      expect(res.headers['set-cookie']).toEqual([expect.stringMatching(/^shop_cohort=\d{1,2}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/)]);
      expect(res.headers.vary).toMatch(/\bCookie\b/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    // A browser with its cohort keeps it.
    const known = await shop.page(`theme=dark; ${COHORT_COOKIE}=50`).expect(200);
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(known.headers.vary).toMatch(/\bCookie\b/);
  });

  it("with a canary at 20 %, is the canary for cohort 5 and the current build for cohort 50, in the page's manifest, its preloads and remotes.json", async () => {
    const current = await shop.publish(1);
    const canary = await shop.publish(2);
    await shop.folder.use('catalog', current, 'Pat');
    await shop.folder.startCanary('catalog', canary, 20, 'Pat');
    await shop.start();

    const inCanary = (await shop.page(`${COHORT_COOKIE}=5`).expect(200)).text;
    expect(inlineRemotes(inCanary)).toEqual({ catalog: `/mf/catalog/${canary}/remoteEntry.js` });
    expect(preloads(inCanary)).toEqual([`/mf/catalog/${canary}/remoteEntry.js`, `/mf/catalog/${canary}/static/home.js`]);
    const outside = (await shop.page(`${COHORT_COOKIE}=50`).expect(200)).text;
    expect(inlineRemotes(outside)).toEqual({ catalog: `/mf/catalog/${current}/remoteEntry.js` });
    expect(preloads(outside)).toEqual([`/mf/catalog/${current}/remoteEntry.js`, `/mf/catalog/${current}/static/home.js`]);
    expect((await shop.get('/mf/remotes.json', `${COHORT_COOKIE}=19`).expect(200)).body).toEqual({ catalog: `/mf/catalog/${canary}/remoteEntry.js` });
    expect((await shop.get('/mf/remotes.json', `${COHORT_COOKIE}=20`).expect(200)).body).toEqual({ catalog: `/mf/catalog/${current}/remoteEntry.js` });

    // Both builds' files are served, to anyone (a page keeps the build it loaded).
    expect((await shop.get(`/mf/catalog/${canary}/remoteEntry.js`).expect(200)).text).toBe('var catalog = 2;');
    expect((await shop.get(`/mf/catalog/${current}/static/home.js`).expect(200)).text).toBe('export const version = 1;');
  });

  it('after a rollback of the canary, is the current build for everyone, and the canary is withdrawn at once (404)', async () => {
    const current = await shop.publish(1);
    const canary = await shop.publish(2);
    await shop.folder.use('catalog', current, 'Pat');
    await shop.folder.startCanary('catalog', canary, 20, 'Pat');
    await shop.start();
    await shop.get(`/mf/catalog/${canary}/remoteEntry.js`).expect(200);

    await shop.folder.rollback('catalog', 'Pat');

    // The storefront server looks at the folder at most once a second.
    const withdrawn = await eventually(async () => (await shop.get(`/mf/catalog/${canary}/static/home.js`)).status, (status) => status === 404);
    expect(withdrawn).toBe(404);
    await shop.get(`/mf/catalog/${canary}/remoteEntry.js`).expect(404);
    const page = await shop.page(`${COHORT_COOKIE}=5`).expect(200);
    expect(inlineRemotes(page.text)).toEqual({ catalog: `/mf/catalog/${current}/remoteEntry.js` });
    expect(page.headers['set-cookie']).toBeUndefined();
    await shop.get(`/mf/catalog/${current}/remoteEntry.js`).expect(200);
  });

  it('keeps serving a build retired (not rolled back) within the retention, next to a canary', async () => {
    const retired = await shop.publish(1);
    const current = await shop.publish(2);
    const canary = await shop.publish(3);
    await shop.folder.use('catalog', retired, 'Pat');
    await shop.folder.use('catalog', current, 'Pat');
    await shop.folder.startCanary('catalog', canary, 20, 'Pat');
    await shop.start();

    expect((await shop.get(`/mf/catalog/${retired}/static/home.js`).expect(200)).text).toBe('export const version = 1;');
    expect(inlineRemotes((await shop.page(`${COHORT_COOKIE}=99`).expect(200)).text).catalog).toBe(`/mf/catalog/${current}/remoteEntry.js`);
    // A published build that never ran is not served.
    const never = await shop.publish(4);
    await shop.get(`/mf/catalog/${never}/remoteEntry.js`).expect(404);
  });
});

describe('page reports (POST /api/page-reports)', () => {
  let current: string;
  let canary: string;

  beforeEach(async () => {
    current = await shop.publish(1);
    canary = await shop.publish(2);
    await shop.folder.use('catalog', current, 'Pat');
    await shop.folder.startCanary('catalog', canary, 20, 'Pat');
  });

  it('gives every page it serves a credential of its own, naming its builds, on a page kept for everyone', async () => {
    await shop.start();

    const pages = await Promise.all([5, 5, 50].map((cohort) => shop.page(`${COHORT_COOKIE}=${cohort}`).expect(200)));
    const credentials = pages.map((res) => credentialIn(res.text));

    expect(new Set(credentials).size).toBe(3);
    expect(credentials[0]).toContain(`catalog:${canary}`);
    expect(credentials[2]).toContain(`catalog:${current}`);
    expect(credentials[2]).not.toContain(canary);
    // Nothing else of the two canary pages differs.
    expect(pages[0]!.text.replace(credentials[0]!, '')).toBe(pages[1]!.text.replace(credentials[1]!, ''));
  });

  it('takes a valid beacon with 204 and no body', async () => {
    await shop.start();
    const credential = await shop.credential(50);

    const res = await shop.beacon({
      session: session(1),
      credential,
      reports: [view(current), error(current), { remote: 'catalog', build: current, kind: 'load-failure', message: 'chunk 309 failed' }, { remote: 'catalog', build: current, kind: 'vital', name: 'LCP', value: 1800 }],
    });

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await shop.status()).remotes[0]?.current).toMatchObject({ sessions: 1, errorSessions: 1, errors: 1, loadFailures: 1 });
  });

  it("counts only the builds the storefront server serves and the page's credential names, as the admins' status and the folder's reports file show", async () => {
    await shop.start({ TRUST_PROXY: 'loopback' });
    const onCurrent = await shop.credential(50, '203.0.113.1');
    const onCanary = await shop.credential(5, '203.0.113.2');

    await shop.beacon({ session: session(1), credential: onCurrent, reports: [view(current), error(current), { remote: 'catalog', build: current, kind: 'vital', name: 'LCP', value: 1800 }] }, '203.0.113.1').expect(204);
    await shop.beacon({ session: session(2), credential: onCanary, reports: [view(canary)] }, '203.0.113.2').expect(204);
    // Builds it does not serve (never published, another remote, published but never used), and builds the credential does not name.
    const never = await shop.publish(3);
    await shop.beacon({ session: session(3), credential: onCurrent, reports: [view('0123456789'), { remote: 'checkout', build: current, kind: 'view' }, error(never), error(canary)] }, '203.0.113.1').expect(204);

    const [catalog] = (await shop.status()).remotes;
    expect(catalog?.current).toMatchObject({ build: current, sessions: 1, errorSessions: 1, errors: 1, errorRatePercent: 100, vitals: { LCP: 2000, INP: null, CLS: null } });
    expect(catalog?.canary).toMatchObject({ build: canary, sessions: 1, errorSessions: 0, percent: 20 });
    const files = readdirSync(join(shop.folder.dir, 'reports'));
    expect(files).toHaveLength(1);
    const written = JSON.parse(readFileSync(join(shop.folder.dir, 'reports', files[0]!), 'utf8')) as { builds: Record<string, unknown> };
    expect(Object.keys(written.builds).sort()).toEqual([`catalog/${canary}`, `catalog/${current}`].sort());
  });

  it('answers 400 to a beacon that is malformed or not as the schema says', async () => {
    await shop.start();
    const reports26 = Array.from({ length: 26 }, () => view(current));
    const bodies: unknown[] = [
      '{"session": "session-0001", "reports": [',
      { session: session(1), reports: [{ remote: 'catalog', build: current, kind: 'click' }] },
      { session: session(1), reports: [{ remote: 'catalog', build: current, kind: 'vital', name: 'FID', value: 10 }] },
      { session: session(1), reports: [{ remote: 'catalog', build: current, kind: 'vital', name: 'LCP', value: -1 }] },
      { session: session(1), reports: reports26 },
      { session: session(1), reports: [] },
      { session: 'short', reports: [view(current)] },
      { session: 'has spaces in it', reports: [view(current)] },
      { reports: [view(current)] },
      { session: session(1), reports: [{ remote: 'Catalog', build: current, kind: 'view' }] },
      { session: session(1), reports: [{ remote: 'catalog', build: 'not-a-build', kind: 'view' }] },
      { session: session(1), reports: [{ ...error(current), message: 'x'.repeat(301) }] },
      { session: session(1), credential: 'c'.repeat(601), reports: [view(current)] },
      { session: session(1), credential: 42, reports: [view(current)] },
    ];
    for (const body of bodies) {
      const res = await shop.beacon(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    expect((await shop.beacon({ session: session(1), reports: reports26.slice(1) })).status).toBe(204);
  });

  it('answers 413 to a beacon over 8 KB', async () => {
    await shop.start();

    const res = await shop.beacon({ session: session(1), reports: [{ ...error(current), message: 'x'.repeat(9 * 1024) }] });

    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large (8 KB at most)' });
  });

  it('answers 429 after 30 beacons a minute from one address, and counts at most 10 new page views a minute per address (IPv6 per /64)', async () => {
    await shop.start({ TRUST_PROXY: 'loopback' });
    const credentials = await Promise.all(Array.from({ length: 32 }, (_, n) => shop.credential(50, n === 31 ? '203.0.113.8' : '203.0.113.7')));

    for (let n = 0; n < 30; n++) await shop.beacon({ session: session(n), credential: credentials[n], reports: [view(current)] }, '203.0.113.7').expect(204);
    const refused = await shop.beacon({ session: session(30), credential: credentials[30], reports: [view(current)] }, '203.0.113.7');

    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body).toEqual({ message: expect.any(String) });
    await shop.beacon({ session: session(31), credential: credentials[31], reports: [view(current)] }, '203.0.113.8').expect(204);
    // The refused beacon was not counted, and one address adds at most 10 new sessions a minute to a
    // build's counts (one machine cannot make a crowd): 10 from the first address, 1 from the second.
    expect((await shop.status()).remotes[0]?.current?.sessions).toBe(11);

    // Addresses of one IPv6 /64 are one client.
    const v6 = await Promise.all(Array.from({ length: 12 }, (_, n) => shop.credential(50, `2001:db8:7:1::${(n + 1).toString(16)}`)));
    for (let n = 0; n < 12; n++) await shop.beacon({ session: session(100 + n), credential: v6[n], reports: [view(current)] }, `2001:db8:7:1::${(n + 1).toString(16)}`).expect(204);
    expect((await shop.status()).remotes[0]?.current?.sessions).toBe(21);
  });

  it('answers no hostile beacon with a server error, and keeps taking beacons after them', async () => {
    await shop.start();
    const post = () => request(shop.url).post('/api/page-reports');
    const hostile = [
      post().set('Content-Type', 'text/plain').send(JSON.stringify({ session: session(1), reports: [view(current)] })),
      post().set('Content-Type', 'application/x-www-form-urlencoded').send('session=session-0001&reports=1'),
      post().set('Content-Type', 'application/json').send(''),
      post(),
      post().set('Content-Type', 'application/json').send(`${'['.repeat(4_000)}${']'.repeat(4_000)}`),
      post().set('Content-Type', 'application/json').send(`{"session":"session-0001","reports":[${'{"a":'.repeat(1_000)}1${'}'.repeat(1_000)}]}`),
      shop.beacon(`{"session":"session-0001","reports":[{"remote":"catalog","build":"${current}","kind":"vital","name":"LCP","value":1e999}]}`),
      shop.beacon(`{"session":"session-0001","reports":[{"remote":"catalog","build":"${current}","kind":"vital","name":"LCP","value":${'9'.repeat(400)}}]}`),
      shop.beacon({ session: session(1), reports: [{ remote: 'catalog', build: current, kind: 'vital', name: 'CLS', value: Number.MAX_VALUE }] }),
      shop.beacon({ session: session(1), reports: [{ ...error(current), message: 'bad \u0000\u0007\u001b[31m thing' }] }),
      shop.beacon(`{"session":"session-0001","reports":[{"remote":"catalog","build":"${current}","kind":"error","message":"\\ud800 lone"}]}`),
      shop.beacon({ session: '\u202esession-0001', reports: [view(current)] }),
      shop.beacon({ session: session(1), credential: 'bad \u0000 credential', reports: [view(current)] }),
      shop.beacon('{"__proto__":{"polluted":true},"session":"session-0001","reports":[{"remote":"catalog","build":"x","kind":"view"}]}'),
      shop.beacon({ session: session(1), reports: { 0: view(current), length: 1 } }),
      shop.beacon('[]'),
      shop.beacon('null'),
      shop.beacon('"a string"'),
      post().set('Content-Type', 'application/json; charset=latin1').send(JSON.stringify({ session: session(1), reports: [view(current)] })),
      post().set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send(JSON.stringify({ session: session(1), reports: [view(current)] })),
    ];

    const statuses: number[] = [];
    for (const req of hostile) statuses.push((await req).status);

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 204)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await shop.beacon({ session: session(1), credential: await shop.credential(50), reports: [view(current)] }).expect(204);
    expect((await shop.status()).remotes[0]?.current?.sessions).toBe(1);
  });
});

/**
 * The fourth review's attacks on the canary's promise: beacons that name made-up sessions, builds their
 * page was not served, or a real page's credential again. None changes a figure or decides a release.
 */
describe('forged page reports', () => {
  let current: string;
  let canary: string;
  /** A crowd: each forger and each shopper from an address of their own. */
  const address = (n: number) => `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  /** Figures of both builds, as admins read them. */
  const figures = async () => {
    const [catalog] = (await shop.status()).remotes;
    const of = (build: ReleasesStatus['remotes'][number]['current'] | undefined) =>
      build ? { sessions: build.sessions, errorSessions: build.errorSessions, errors: build.errors, loadFailures: build.loadFailures, LCP: build.vitals.LCP } : undefined;
    return { current: of(catalog?.current), canary: of(catalog?.canary) };
  };

  beforeEach(async () => {
    ({ current, canary } = await shop.startJudgingCanary());
  });

  /** `count` real shoppers of `cohort`, each from an address of their own, each page reporting `reports` of `build`. */
  async function shoppers(from: number, count: number, cohort: number, reports: (build: string) => unknown[], build: string): Promise<void> {
    for (let n = from; n < from + count; n++) await shop.pageReporting(cohort, address(n), reports(build), session(n));
  }

  it('veto: 30 made-up error sessions from 3 addresses, on a canary no shopper has seen yet, count nothing and roll nothing back', async () => {
    for (let n = 0; n < 30; n++) await shop.beacon({ session: session(n), reports: [view(canary), error(canary)] }, `203.0.113.${(n % 3) + 1}`).expect(204);
    // ...nor with a credential made up in the right shape.
    const made = `${'A'.repeat(22)}.zzzzzz.catalog:${canary}.${'B'.repeat(43)}`;
    for (let n = 30; n < 60; n++) await shop.beacon({ session: session(n), credential: made, reports: [view(canary), error(canary)] }, `203.0.113.${(n % 3) + 1}`).expect(204);

    await sleep(3_500);

    expect(shop.canaries().catalog).toMatchObject({ build: canary, percent: 20 });
    expect(shop.actions().filter((action) => action.action === 'auto-rollback')).toEqual([]);
    expect(await figures()).toEqual({ current: expect.objectContaining({ sessions: 0 }), canary: expect.objectContaining({ sessions: 0, errorSessions: 0, errors: 0 }) });
  });

  it('dilution: 600 made-up clean sessions from 60 addresses do not keep a failing canary in front of shoppers', async () => {
    await shoppers(0, 5, 50, (build) => [view(build)], current);
    for (let n = 0; n < 600; n++) await shop.beacon({ session: session(1_000 + n), reports: [view(canary)] }, address(100 + (n % 60))).expect(204);
    await shoppers(200, 5, 5, (build) => [view(build), error(build)], canary);

    const canaries = await eventually(() => shop.canaries(), (file) => !file.catalog, 8_000);

    expect(canaries).toEqual({});
    // 100 %: none of the 600 made-up sessions counted. (The check each second may decide after 3, 4 or 5 of the failing pages.)
    expect(shop.actions().find((action) => action.action === 'auto-rollback')?.detail).toMatch(/^error rate 100 % over [345] sessions against 0 % over 5 sessions of the current build/);
  });

  it("poisoned baseline: 50 error sessions sent against the current build, made up or under a canary page's credential, change its figures not at all, and the failing canary is still rolled back", async () => {
    await shoppers(0, 5, 50, (build) => [view(build)], current);
    const before = (await figures()).current;
    for (let n = 0; n < 50; n++) await shop.beacon({ session: session(2_000 + n), reports: [view(current), error(current)] }, address(300 + n)).expect(204);
    // A canary page's credential, reporting errors of the current build it was not served.
    for (let n = 0; n < 10; n++) {
      const credential = await shop.credential(5, address(400 + n));
      await shop.beacon({ session: session(3_000 + n), credential, reports: [view(current), error(current), { remote: 'catalog', build: current, kind: 'vital', name: 'LCP', value: 40_000 }] }, address(400 + n)).expect(204);
    }
    expect((await figures()).current).toEqual(before);

    await shoppers(500, 4, 5, (build) => [view(build), error(build)], canary);

    expect(await eventually(() => shop.canaries(), (file) => !file.catalog, 8_000)).toEqual({});
    expect((await figures()).current).toEqual({ sessions: 5, errorSessions: 0, errors: 0, loadFailures: 0, LCP: null });
  });

  it("a replayed credential: a real page's beacon sent again 20 times counts once, and from other addresses, with errors added, not at all", async () => {
    const credential = await shop.credential(5, address(1));
    const beacon = { session: session(1), credential, reports: [view(canary), { remote: 'catalog', build: canary, kind: 'vital', name: 'LCP', value: 1800 }] };
    await shop.beacon(beacon, address(1)).expect(204);
    const once = await figures();

    for (let n = 0; n < 20; n++) await shop.beacon(beacon, address(1)).expect(204);
    for (let n = 0; n < 20; n++) await shop.beacon({ ...beacon, session: session(100 + n), reports: [view(canary), error(canary)] }, address(50 + n)).expect(204);

    expect(await figures()).toEqual(once);
    expect(once.canary).toEqual({ sessions: 1, errorSessions: 0, errors: 0, loadFailures: 0, LCP: 2000 });
  });

  it('a healthy canary under a flood of forged error reports stays, its figures those of its real shoppers', async () => {
    await shoppers(0, 6, 50, (build) => [view(build)], current);
    await shoppers(100, 6, 5, (build) => [view(build)], canary);
    const real = await figures();
    const other = await shop.credential(50, address(999));
    for (let n = 0; n < 300; n++) {
      const forged = [{ session: session(5_000 + n), reports: [view(canary), error(canary)] }, { session: session(5_000 + n), credential: other, reports: [view(canary), error(canary)] }][n % 2];
      await shop.beacon(forged, address(600 + (n % 100))).expect(204);
    }

    await sleep(3_500);

    expect(shop.canaries().catalog).toMatchObject({ build: canary });
    expect(await figures()).toEqual(real);
  });
});

describe('the automatic rollback of a failing canary', () => {
  let current: string;
  let canary: string;
  const address = (n: number) => `198.18.1.${n + 1}`;

  beforeEach(async () => {
    ({ current, canary } = await shop.startJudgingCanary());
  });

  /** One real page of `cohort` reporting `reports`, from the n-th address. */
  const page = (n: number, cohort: number, reports: unknown[]) => shop.pageReporting(cohort, address(n), reports, session(n));

  it('withdraws a canary whose sessions meet errors the current build does not, logged with the reason', async () => {
    for (let n = 0; n < 5; n++) await page(n, 50, [view(current)]);
    for (let n = 10; n < 13; n++) await page(n, 5, [view(canary), error(canary)]);

    const canaries = await eventually(() => shop.canaries(), (file) => !file.catalog, 8_000);

    expect(canaries).toEqual({});
    const rollback = shop.actions().find((action) => action.action === 'auto-rollback');
    expect(rollback).toMatchObject({
      who: AUTOMATIC,
      remote: 'catalog',
      build: canary,
      detail: 'error rate 100 % over 3 sessions against 0 % over 5 sessions of the current build (margin 5 points; z 2.83 ≥ 2.32, 99 % confidence)',
    });
    expect(shop.folder.history().catalog?.[canary]).toMatchObject({ rolledBack: true });
    // Withdrawn: its files are gone from the storefront server, its shoppers are back on the current build.
    expect(await eventually(async () => (await shop.get(`/mf/catalog/${canary}/remoteEntry.js`)).status, (status) => status === 404)).toBe(404);
    expect(inlineRemotes((await shop.page(`${COHORT_COOKIE}=5`).expect(200)).text).catalog).toBe(`/mf/catalog/${current}/remoteEntry.js`);
  });

  it('leaves a canary as good as the current build running', async () => {
    for (let n = 0; n < 10; n++) await page(n, 50, [view(current)]);
    for (let n = 10; n < 20; n++) await page(n, 5, [view(canary)]);

    // Three checks at least.
    await sleep(3_500);

    expect(shop.canaries()).toEqual({ catalog: expect.objectContaining({ build: canary, percent: 20 }) });
    expect(shop.actions().filter((action) => action.action === 'auto-rollback')).toEqual([]);
    expect((await shop.status()).remotes[0]?.canary).toMatchObject({ build: canary, sessions: 10, errorRatePercent: 0 });
  });

  it("withdraws a canary whose listed files the storefront server cannot serve, on its own figures (no page reports at all)", async () => {
    // The canary's manifest lists static/home.js, which its published folder lacks (a broken deploy).
    rmSync(join(shop.folder.dir, 'catalog', canary, 'static', 'home.js'));
    for (let n = 0; n < 6; n++) {
      for (const [build, status] of [[current, 200], [canary, 200]] as const) await shop.get(`/mf/catalog/${build}/remoteEntry.js`).set('X-Forwarded-For', address(n)).expect(status);
      await shop.get(`/mf/catalog/${current}/static/home.js`).set('X-Forwarded-For', address(n)).expect(200);
      await shop.get(`/mf/catalog/${canary}/static/home.js`).set('X-Forwarded-For', address(n)).expect(404);
      // A name the manifest does not list proves nothing, however often asked for; nor does asking again.
      await shop.get(`/mf/catalog/${current}/static/not-listed.js`).set('X-Forwarded-For', address(n)).expect(404);
      await shop.get(`/mf/catalog/${canary}/remoteEntry.js`).set('X-Forwarded-For', address(n)).expect(200);
    }

    expect(await eventually(() => shop.canaries(), (file) => !file.catalog, 8_000)).toEqual({});
    expect(shop.actions().find((action) => action.action === 'auto-rollback')?.detail).toMatch(/^file failure rate 50 % over 12 file requests against 0 % over 12 file requests of the current build/);
    const [catalog] = (await shop.status()).remotes;
    expect(catalog?.current).toMatchObject({ fileRequests: 12, fileFailures: 0, sessions: 0 });
  });
});

describe("the admins' releases API", () => {
  let current: string;
  let canary: string;

  beforeEach(async () => {
    current = await shop.publish(1);
    canary = await shop.publish(2);
    await shop.folder.use('catalog', current, 'Pat');
    await shop.folder.startCanary('catalog', canary, 20, 'Pat <pat@example.com> (mf-release)');
  });

  it('answers 401 without a token or with a failed one, 403 to a customer, and the status to an admin', async () => {
    await shop.start();
    const api = request(shop.url);

    expect((await api.get('/api/releases').expect(401)).body).toEqual({ message: 'Not authorized, no token' });
    expect((await api.get('/api/releases').set('Authorization', 'Bearer stolen').expect(401)).body).toEqual({ message: 'Not authorized, token failed' });
    expect((await api.get('/api/releases').set('Authorization', CUSTOMER).expect(403)).body).toEqual({ message: 'Not authorized as an admin' });
    for (const path of ['/api/releases/catalog/promote', '/api/releases/catalog/rollback']) {
      await api.post(path).expect(401);
      await api.post(path).set('Authorization', CUSTOMER).expect(403);
    }
    expect(shop.canaries().catalog).toMatchObject({ build: canary, percent: 20 });

    const res = await api.get('/api/releases').set('Authorization', ADMIN).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const status = res.body as ReleasesStatus;
    expect(status).toMatchObject({ managed: true, rule: { minSessions: 30, errorMarginPercent: 5 } });
    expect(status.remotes).toEqual([
      {
        name: 'catalog',
        current: expect.objectContaining({ build: current, sessions: 0, errorRatePercent: null }),
        canary: expect.objectContaining({ build: canary, percent: 20, by: 'Pat <pat@example.com> (mf-release)' }),
        retained: [],
      },
    ]);
    expect(status.actions.map((action) => action.action)).toEqual(['canary', 'use', 'publish', 'publish']);
  });

  it('answers 503 when the users service cannot say who is asking', async () => {
    await shop.start();
    await shop.shop!.users.stop();

    expect((await request(shop.url).get('/api/releases').set('Authorization', ADMIN).expect(503)).body).toEqual({ message: expect.any(String) });
  });

  it('promotes the canary to 50 %, then to every shopper (it becomes current), each action naming the admin', async () => {
    await shop.start();
    const api = request(shop.url);

    const half = (await api.post('/api/releases/catalog/promote').set('Authorization', ADMIN).send({ percent: 50 }).expect(200)).body as ReleasesStatus;
    expect(half.remotes[0]?.canary).toMatchObject({ build: canary, percent: 50 });
    expect(shop.canaries().catalog?.percent).toBe(50);

    const all = (await api.post('/api/releases/catalog/promote').set('Authorization', ADMIN).send({}).expect(200)).body as ReleasesStatus;
    expect(all.remotes[0]).toMatchObject({ current: { build: canary }, canary: null, retained: [expect.objectContaining({ build: current, rolledBack: false })] });
    expect(shop.canaries()).toEqual({});
    expect(shop.actions().slice(-2)).toEqual([
      expect.objectContaining({ action: 'promote', who: ADMIN_NAME, build: canary, detail: 'from 20 % to 50 % of shoppers' }),
      expect.objectContaining({ action: 'promote', who: ADMIN_NAME, build: canary, detail: 'from 50 % to every shopper' }),
    ]);
    // Every shopper gets it now (the storefront server looks at the folder at most once a second), without a cookie.
    const outside = await eventually(() => shop.page(`${COHORT_COOKIE}=99`).expect(200), (res) => inlineRemotes(res.text).catalog === `/mf/catalog/${canary}/remoteEntry.js`);
    expect(inlineRemotes(outside.text).catalog).toBe(`/mf/catalog/${canary}/remoteEntry.js`);
    const page = await shop.page().expect(200);
    expect(inlineRemotes(page.text).catalog).toBe(`/mf/catalog/${canary}/remoteEntry.js`);
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('promotes with no body at all to every shopper', async () => {
    await shop.start();

    await request(shop.url).post('/api/releases/catalog/promote').set('Authorization', ADMIN).expect(200);

    expect(shop.folder.currentBuildOf('catalog')).toBe(canary);
  });

  it('rolls the canary back, then answers 404 when there is nothing left to roll back', async () => {
    await shop.start();
    const api = request(shop.url);

    const status = (await api.post('/api/releases/catalog/rollback').set('Authorization', ADMIN).expect(200)).body as ReleasesStatus;
    expect(status.remotes[0]).toMatchObject({ current: { build: current }, canary: null, retained: [expect.objectContaining({ build: canary, rolledBack: true })] });
    expect(shop.actions().at(-1)).toMatchObject({ action: 'rollback', who: ADMIN_NAME, build: canary });

    expect((await api.post('/api/releases/catalog/rollback').set('Authorization', ADMIN).expect(404)).body).toEqual({ message: 'catalog has no earlier build to roll back to' });
    expect((await api.post('/api/releases/catalog/promote').set('Authorization', ADMIN).send({}).expect(404)).body).toEqual({ message: 'catalog has no canary to promote' });
    expect(shop.folder.currentBuildOf('catalog')).toBe(current);
  });

  it("answers 404 for a remote it does not know, Object's own names included, and changes nothing", async () => {
    await shop.start();
    const api = request(shop.url);
    const actionsBefore = shop.actions();

    // The fourth review: `constructor` was read from a plain object's prototype (promote 500, rollback 200).
    for (const remote of ['checkout', 'Not-A-Remote', 'x'.repeat(40), 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      for (const [path, body] of [['rollback', undefined], ['rollback', {}], ['promote', {}], ['promote', { percent: 50 }]] as const) {
        const res = await api.post(`/api/releases/${remote}/${path}`).set('Authorization', ADMIN).send(body);
        expect({ remote, path, status: res.status, body: res.body as unknown }).toEqual({ remote, path, status: 404, body: { message: 'No such remote' } });
      }
    }
    expect(shop.canaries().catalog).toMatchObject({ build: canary, percent: 20 });
    expect(Object.keys(shop.canaries())).toEqual(['catalog']);
    expect(shop.actions()).toEqual(actionsBefore);
  });

  it('answers 400 to a promotion to no share of the shoppers or to something that is no percent', async () => {
    await shop.start();
    const api = request(shop.url);

    for (const body of [{ percent: 0 }, { percent: 'x' }, { percent: 101 }, { percent: 33.3 }, { percent: 50, by: 'someone else' }, [50]]) {
      const res = await api.post('/api/releases/catalog/promote').set('Authorization', ADMIN).send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect(shop.canaries().catalog).toMatchObject({ build: canary, percent: 20 });
  });
});

describe("the admins' releases API over fixed builds (MF_REMOTES, no releases folder)", () => {
  it('shows the builds as not managed, and refuses to promote or roll back with 409', async () => {
    const dir = join(shop.root, 'catalog');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'remoteEntry.js'), 'var catalog;');
    await shop.start({ MF_REMOTES_FILE: '', MF_REMOTES: `catalog=${dir}` });
    const api = request(shop.url);

    const status = (await api.get('/api/releases').set('Authorization', ADMIN).expect(200)).body as ReleasesStatus;
    expect(status).toMatchObject({ managed: false, actions: [] });
    expect(status.remotes).toEqual([{ name: 'catalog', current: expect.objectContaining({ build: expect.stringMatching(/^[0-9a-f]{10}$/) }), canary: null, retained: [] }]);
    await api.post('/api/releases/catalog/promote').set('Authorization', ADMIN).send({}).expect(409);
    await api.post('/api/releases/catalog/rollback').set('Authorization', ADMIN).expect(409);
    expect(existsSync(shop.folder.dir)).toBe(false);
  });
});
