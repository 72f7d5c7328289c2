import { newSessionId, reportSession, SEEN_KEY, SESSION_KEY } from './session.js';

/** A sessionStorage of the tab, as the page sees it. */
function tabStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A storage the browser refuses (privacy settings): every access throws. */
const refusedStorage = new Proxy({} as Storage, {
  get() {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
});

describe('reportSession', () => {
  it('keeps one session id for the tab: a reload reuses the one in sessionStorage', () => {
    const storage = tabStorage();
    const first = reportSession(storage, () => 'd2c4a7e0-1f3b-4c5d-8e9f-0a1b2c3d4e5f');
    const afterReload = reportSession(storage, () => 'another-id-never-used');

    expect(first.id).toBe('d2c4a7e0-1f3b-4c5d-8e9f-0a1b2c3d4e5f');
    expect(afterReload.id).toBe(first.id);
    expect(storage.getItem(SESSION_KEY)).toBe(first.id);
  });

  it('replaces a stored id the gateway would refuse', () => {
    const storage = tabStorage();
    storage.setItem(SESSION_KEY, 'bad id!');

    expect(reportSession(storage, () => 'fresh_session_1').id).toBe('fresh_session_1');
  });

  it('lives in memory where storage is refused', () => {
    const session = reportSession(refusedStorage, () => 'in-memory-session');

    expect(session.id).toBe('in-memory-session');
    expect(session.admit('view catalog@3f9a1c2b7d', 1)).toBe(true);
    expect(session.admit('view catalog@3f9a1c2b7d', 1)).toBe(false);
  });

  it('admits a key as often as its limit, for the whole session (across reloads)', () => {
    const storage = tabStorage();
    const session = reportSession(storage);
    expect([1, 2, 3, 4].map(() => session.admit('error catalog@3f9a1c2b7d x', 3))).toEqual([true, true, true, false]);

    const afterReload = reportSession(storage);
    expect(afterReload.admit('error catalog@3f9a1c2b7d x', 3)).toBe(false);
    expect(afterReload.admit('error catalog@3f9a1c2b7d y', 3)).toBe(true);
    expect(JSON.parse(storage.getItem(SEEN_KEY) ?? '{}')).toEqual({ 'error catalog@3f9a1c2b7d x': 3, 'error catalog@3f9a1c2b7d y': 1 });
  });

  it('remembers at most 200 keys: a session that met more distinct errors reports no new ones', () => {
    const session = reportSession(tabStorage());
    for (let index = 0; index < 200; index++) expect(session.admit(`error ${index}`, 3)).toBe(true);

    expect(session.admit('error 200', 3)).toBe(false);
    expect(session.admit('error 0', 3)).toBe(true);
  });
});

describe('newSessionId', () => {
  it('is an id the gateway accepts', () => {
    expect(newSessionId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
