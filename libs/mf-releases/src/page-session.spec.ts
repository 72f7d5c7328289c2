import { randomBytes } from 'node:crypto';
import { PageSessions } from './page-session.js';

const key = randomBytes(32);
const sessions = new PageSessions(key, 60_000);
const BUILDS = [
  { remote: 'catalog', build: '3f9a1c2b7d' },
  { remote: 'checkout', build: '0123456789' },
];

describe('page credentials', () => {
  it('say the page view and the builds it was served, until they expire', () => {
    const now = Date.now();
    const credential = sessions.issue(BUILDS, now);

    const session = sessions.verify(credential, now + 59_000);

    expect(session?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect([...(session?.builds ?? [])]).toEqual(['catalog/3f9a1c2b7d', 'checkout/0123456789']);
    expect(sessions.verify(credential, now + 61_000)).toBeUndefined();
    expect(credential).toMatch(/^[A-Za-z0-9_.:+-]+$/);
  });

  it('are one per page view', () => {
    const ids = new Set(Array.from({ length: 100 }, () => sessions.verify(sessions.issue(BUILDS))?.id));
    expect(ids.size).toBe(100);
  });

  it('refuse anything edited, made up, or signed with another key', () => {
    const credential = sessions.issue(BUILDS);
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
      new PageSessions(randomBytes(32)).issue(BUILDS),
      `${credential}\n`,
      credential.repeat(10),
    ];
    for (const candidate of forged) expect({ candidate, session: sessions.verify(candidate) }).toEqual({ candidate, session: undefined });
    for (const value of [undefined, null, 42, {}, [credential]]) expect(sessions.verify(value)).toBeUndefined();
  });

  it('leave out builds of another form, and refuse a key too short to be one', () => {
    const session = sessions.verify(sessions.issue([...BUILDS, { remote: 'Bad Name', build: 'x' }, { remote: 'admin', build: 'not-an-id' }]));
    expect([...(session?.builds ?? [])]).toEqual(['catalog/3f9a1c2b7d', 'checkout/0123456789']);
    expect(() => new PageSessions(randomBytes(16))).toThrow('32 bytes');
  });
});
