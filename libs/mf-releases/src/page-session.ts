/**
 * A page session: the credential the gateway gives each page it serves, which the page sends back with
 * its reports (POST /api/page-reports). A report counts only under a credential the shop issued, for a
 * build that credential names, before it expires: a made-up session, a session of one build reporting on
 * another, or a credential edited by hand counts nothing. One page view is one credential, and one
 * credential is one session of each build it names, so sending it again (a replay) adds no session.
 *
 * The credential is `<id>.<expiry>.<builds>.<mac>`: a random id (16 bytes, base64url), the expiry in
 * seconds since the epoch (base 36), the builds as `remote:build` joined by `+`, and an HMAC-SHA256 of the
 * rest under the gateways' shared key (ReleasesFolder.pageSessionKey). The MAC also covers the client the
 * page was served to (an IPv4 address, an IPv6 /64: service-kit's clientKeyOf), which the credential does
 * not carry: it counts only from that client, so a credential taken from one page and sent from elsewhere
 * (a replay by someone else) counts nothing. Every character is safe in an HTML attribute and a JSON
 * string as it is. Nothing in it is secret or personal: it names the page's builds.
 */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { BUILD_ID, MAX_PAGE_CREDENTIAL, PAGE_CREDENTIAL_META, REMOTE_NAME } from '@shop/contracts';
import { buildKey } from './build-stats.js';

/** The `<meta name>` under which a page carries its credential (read by the shell's page reports). */
export const PAGE_SESSION_META = PAGE_CREDENTIAL_META;

/** How long a page's reports are taken after the page was served: a tab left open for longer reports no more. */
export const PAGE_SESSION_LIFETIME_MS = 2 * 60 * 60_000;


const MAC_LENGTH = 43;
const SHAPE = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([a-z0-9:+-]{0,480})\.([A-Za-z0-9_-]{43})$/;

/** A build a page runs, as its credential names it. */
export interface PageBuild {
  remote: string;
  build: string;
}

/** What a valid credential says. */
export interface PageSession {
  /** The page view's own id: its session in every build's counts. */
  id: string;
  /** `catalog/3f9a1c2b7d` of each build the page was served. */
  builds: ReadonlySet<string>;
  expiresAt: number;
}

/** Issues and checks page credentials under one key (every gateway of a shop holds the same). */
export class PageSessions {
  /** The key as a KeyObject made once: an HMAC of a Buffer key makes one for every credential. */
  private readonly key: KeyObject;

  constructor(
    key: Buffer,
    private readonly lifetimeMs = PAGE_SESSION_LIFETIME_MS,
  ) {
    if (key.length < 32) throw new Error('a page session key is 32 bytes at least');
    this.key = createSecretKey(key);
  }

  /** A new credential for a page served with `builds` (builds of another form are left out) to `client`. */
  issue(builds: readonly PageBuild[], client: string, now = Date.now()): string {
    const named = builds.filter(({ remote, build }) => REMOTE_NAME.test(remote) && BUILD_ID.test(build)).map(({ remote, build }) => `${remote}:${build}`);
    const unsigned = `${randomBytes(16).toString('base64url')}.${Math.ceil((now + this.lifetimeMs) / 1000).toString(36)}.${named.join('+')}`;
    return `${unsigned}.${this.mac(unsigned, client)}`;
  }

  /** What `credential` sent by `client` says, or undefined when this key did not issue it to that client, or it expired. */
  verify(credential: unknown, client: string, now = Date.now()): PageSession | undefined {
    if (typeof credential !== 'string' || credential.length > MAX_PAGE_CREDENTIAL) return undefined;
    const match = SHAPE.exec(credential);
    if (!match) return undefined;
    const [, id = '', expiry = '', builds = '', mac = ''] = match;
    const expected = Buffer.from(this.mac(credential.slice(0, -MAC_LENGTH - 1), client));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const expiresAt = parseInt(expiry, 36) * 1000;
    if (!(expiresAt > now)) return undefined;
    const named = new Set<string>();
    for (const entry of builds ? builds.split('+') : []) {
      const [remote = '', build = ''] = entry.split(':');
      if (REMOTE_NAME.test(remote) && BUILD_ID.test(build)) named.add(buildKey(remote, build));
    }
    return { id, builds: named, expiresAt };
  }

  private mac(unsigned: string, client: string): string {
    return createHmac('sha256', this.key).update(`${unsigned}\n${client}`).digest('base64url');
  }
}
