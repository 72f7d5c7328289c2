/**
 * The browser session the reports belong to, and what it has reported already. The gateway counts a page
 * view under the credential it served the page with (libs/mf-releases' page-session.ts): such a page
 * reports what it saw once per page view, remembered in memory for this page. A page without a credential
 * (a remote's dev server, an older gateway) keeps what it reported in sessionStorage, so a reload or a
 * second visit in the same tab counts as the same shopper. The tab's id is kept in sessionStorage either
 * way; where storage is refused (a privacy mode, a sandboxed frame) it lives in memory, for this page only.
 */

export const SESSION_KEY = 'shop.report-session';
export const SEEN_KEY = 'shop.report-seen';

/** What the gateway accepts as a session id. */
const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Keys remembered at most. A session that met more distinct errors than this reports no new ones:
 * enough to judge a build by, and the storage entry stays small.
 */
const MAX_SEEN_KEYS = 200;

export interface ReportSession {
  readonly id: string;
  /** The credential the gateway served this page with, sent with every report. */
  readonly credential?: string;
  /**
   * Counts one more report under `key` unless `limit` were counted already this session (or the
   * session remembers too many keys); says whether it was counted, i.e. whether to report it.
   */
  admit(key: string, limit: number): boolean;
}

/**
 * The session of this tab: from `storage` when it holds one, else a new one stored there; with the page's
 * `credential`, what it reported is this page view's alone.
 */
export function reportSession(storage: Storage | undefined, newId: () => string = newSessionId, credential?: string): ReportSession {
  const id = readId(storage) ?? storeId(storage, newId());
  const seenIn = credential === undefined ? storage : undefined;
  const seen = readSeen(seenIn);
  return {
    id,
    credential,
    admit(key, limit) {
      const count = seen.get(key) ?? 0;
      if (count >= limit || (count === 0 && seen.size >= MAX_SEEN_KEYS)) return false;
      seen.set(key, count + 1);
      write(seenIn, SEEN_KEY, JSON.stringify(Object.fromEntries(seen)));
      return true;
    },
  };
}

/**
 * A random id. crypto.randomUUID exists only on secure pages (https, localhost); getRandomValues
 * everywhere; Math.random is the last resort (the id needs to be unlikely to repeat, not secret).
 */
export function newSessionId(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else bytes.forEach((_, index) => (bytes[index] = Math.floor(Math.random() * 256)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function readId(storage: Storage | undefined): string | undefined {
  const id = read(storage, SESSION_KEY);
  return id && SESSION_ID.test(id) ? id : undefined;
}

function storeId(storage: Storage | undefined, id: string): string {
  write(storage, SESSION_KEY, id);
  return id;
}

function readSeen(storage: Storage | undefined): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(read(storage, SEEN_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return new Map();
    return new Map(Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number').slice(0, MAX_SEEN_KEYS));
  } catch {
    return new Map();
  }
}

function read(storage: Storage | undefined, key: string): string | null | undefined {
  try {
    return storage?.getItem(key);
  } catch {
    return undefined;
  }
}

function write(storage: Storage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or refused: the page goes on with what it holds in memory.
  }
}
