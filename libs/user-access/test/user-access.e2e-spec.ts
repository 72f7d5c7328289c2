import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Subjects, type EventEnvelope, type TokenClaims, type UserChanged } from '@shop/contracts';
import { SessionCheck } from '@shop/service-kit';
import { ensureDatabase, withDatabase } from '@shop/service-kit/database';
import { dropDatabases, testPrefix, TEST_DATABASE_URL } from '@shop/testing';
import { applyUserChanges, applyUserDeletions, PgUserStandings, userAccessMigrations } from '../src/index.js';

/** user_access and the session check over it, on a database of the test's own. */
describe('user access', () => {
  const prefix = testPrefix();
  let db: DataSource;
  let check: SessionCheck;

  beforeAll(async () => {
    const database = `${prefix}_access`;
    await ensureDatabase(TEST_DATABASE_URL, database);
    db = new DataSource({ type: 'postgres', url: withDatabase(TEST_DATABASE_URL, database), migrations: userAccessMigrations });
    await db.initialize();
    await db.runMigrations();
    // Standings are not remembered here, so each check sees the table as it is.
    check = new SessionCheck(new PgUserStandings(db), 0);
  });

  afterAll(async () => {
    await db?.destroy();
    await dropDatabases(prefix);
  });

  let seq = 0;
  const changed = (data: UserChanged): EventEnvelope<'user.updated'> => ({
    id: randomUUID(),
    subject: Subjects.UserUpdated,
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq++)).toISOString(),
    data,
  });
  const deleted = (id: string): EventEnvelope<'user.deleted'> => ({ id: randomUUID(), subject: Subjects.UserDeleted, occurredAt: new Date().toISOString(), data: { id } });
  const user = (fields: Partial<UserChanged> = {}): UserChanged => ({ id: randomUUID(), name: 'Ann', email: 'ann@example.com', isAdmin: false, sessionVersion: 1, ...fields });
  const claimsOf = (who: UserChanged, fields: Partial<TokenClaims> = {}): TokenClaims => ({ sub: who.id, name: who.name, email: who.email, isAdmin: who.isAdmin, sv: who.sessionVersion, ...fields });
  const apply = (events: EventEnvelope<'user.updated'>[]) => db.transaction((manager) => applyUserChanges(events, manager));

  it("takes the token's word for a user it has not heard of (a brand-new account)", async () => {
    const ann = user({ isAdmin: true });
    await expect(check.rightsOf(claimsOf(ann))).resolves.toEqual(claimsOf(ann));
  });

  it('refuses tokens older than the session version it holds, and accepts newer ones', async () => {
    const ann = user({ sessionVersion: 3 });
    await apply([changed(ann)]);
    await expect(check.rightsOf(claimsOf(ann, { sv: 2 }))).rejects.toThrow('Not authorized, session ended');
    await expect(check.rightsOf(claimsOf(ann, { sv: 3 }))).resolves.toMatchObject({ sub: ann.id });
    await expect(check.rightsOf(claimsOf(ann, { sv: 4 }))).resolves.toMatchObject({ sub: ann.id });
  });

  it('grants the role it holds, not the one the token claims', async () => {
    const demoted = user({ isAdmin: false, sessionVersion: 2 });
    await apply([changed(demoted)]);
    await expect(check.rightsOf(claimsOf(demoted, { isAdmin: true }))).resolves.toMatchObject({ isAdmin: false });
    const promoted = user({ isAdmin: true, sessionVersion: 2 });
    await apply([changed(promoted)]);
    await expect(check.rightsOf(claimsOf(promoted, { isAdmin: false }))).resolves.toMatchObject({ isAdmin: true });
  });

  it('keeps the highest session version whatever order the events come in, within a batch and across batches', async () => {
    const ann = user();
    await apply([changed({ ...ann, sessionVersion: 3, isAdmin: true }), changed({ ...ann, sessionVersion: 2 })]);
    await apply([changed({ ...ann, sessionVersion: 1 })]);
    const [row] = await db.query('SELECT session_version, is_admin FROM user_access WHERE user_id = $1', [ann.id]);
    expect(row).toEqual({ session_version: 3, is_admin: true });
  });

  it('refuses every token of a deleted user, whatever arrives after, also when it never heard of them', async () => {
    const ann = user();
    await apply([changed(ann)]);
    const bob = user();
    await db.transaction((manager) => applyUserDeletions([deleted(ann.id), deleted(bob.id), deleted(ann.id)], manager));
    await apply([changed({ ...ann, sessionVersion: 9 })]);
    for (const who of [ann, bob]) {
      await expect(check.rightsOf(claimsOf(who, { sv: 9 }))).rejects.toThrow('Not authorized, session ended');
    }
  });
});
