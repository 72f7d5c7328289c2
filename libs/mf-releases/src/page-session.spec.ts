import { randomBytes } from 'node:crypto';
import { PageSessions } from './page-session.js';

const key = randomBytes(32);
const sessions = new PageSessions(key, 60_000);
const CLIENT = '203.0.113.7';
const BUILDS = [
  { remote: 'catalog', build: '3f9a1c2b7d' },
  { remote: 'checkout', build: '0123456789' },
];

describe('page credentials', () => {
  it('say the page view and the builds it was served, until they expire', () => {
    const now = Date.now();
    const credential = sessions.issue(BUILDS, CLIENT, now);

    const session = sessions.verify(credential, CLIENT, now + 59_000);

    expect(session?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect([...(session?.builds ?? [])]).toEqual(['catalog/3f9a1c2b7d', 'checkout/0123456789']);
    expect(sessions.verify(credential, CLIENT, now + 61_000)).toBeUndefined();
    expect(credential).toMatch(/^[A-Za-z0-9_.:+-]+$/);
  });

  it('are one per page view', () => {
    const ids = new Set(Array.from({ length: 100 }, () => sessions.verify(sessions.issue(BUILDS, CLIENT), CLIENT)?.id));
    expect(ids.size).toBe(100);
  });

  it('refuse anything edited, made up, or signed with another key', () => {
    const credential = sessions.issue(BUILDS, CLIENT);
    const [id = '', expiry = '', builds = '', mac = ''] = credential.split('.');
    const flip = (text: string) => text.slice(0, -1) + (text.endsWith('A') ? 'B' : 'A');
    const forged = [
      '',
      'session-0001',
      `${flip(id)}.${expiry}.${builds}.${mac}`,
      `${id}.${(parseInt(expiry, 36) + 3600).toString(36)}.${builds}.${mac}`,
      `${id}.${expiry}.catalog:ffffffffff.${mac}`,
      `${id}.${expiry}.${builds}+admin:0123456789.${mac}`,
      `${id}.${expiry}.${builds}.${flip(mac)}`,
      `${id}.${expiry}.${builds}.${mac}x`,
      new PageSessions(randomBytes(32)).issue(BUILDS, CLIENT),
      `${credential}\n`,
      credential.repeat(10),
    ];
    for (const candidate of forged) expect({ candidate, session: sessions.verify(candidate, CLIENT) }).toEqual({ candidate, session: undefined });
    for (const value of [undefined, null, 42, {}, [credential]]) expect(sessions.verify(value, CLIENT)).toBeUndefined();
  });

  it('count only from the client the page was served to: one sent from elsewhere is a replay', () => {
    const credential = sessions.issue(BUILDS, CLIENT);
    expect(sessions.verify(credential, CLIENT)).toBeDefined();
    expect(sessions.verify(credential, '203.0.113.8')).toBeUndefined();
    expect(sessions.verify(credential, '2001:db8::/64')).toBeUndefined();
  });

  it('leave out builds of another form, and refuse a key too short to be one', () => {
    const session = sessions.verify(sessions.issue([...BUILDS, { remote: 'Bad Name', build: 'x' }, { remote: 'admin', build: 'not-an-id' }], CLIENT), CLIENT);
    expect([...(session?.builds ?? [])]).toEqual(['catalog/3f9a1c2b7d', 'checkout/0123456789']);
    expect(() => new PageSessions(randomBytes(16))).toThrow('32 bytes');
  });
});
