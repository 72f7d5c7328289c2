import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventsAbout, eventually } from '@shop/testing';
import { PasswordResetService, RESET_DONE, RESET_LINK_UNUSABLE, RESET_REQUESTED } from '../src/password-reset/password-reset.service.js';
import { TOO_MANY_RESET_REQUESTS } from '../src/password-reset/password-reset-throttle.service.js';
import { CHANGED_MEANWHILE } from '../src/users/profile.service.js';
import {
  bearer,
  login,
  newClientAddress,
  passwordHashOf,
  publishedEvents,
  registerCustomer,
  signInAdmin,
  startUsers,
  type Bearer,
  type TestCustomer,
  type TestUsers,
} from './support/users-app.js';

const SESSION_ENDED = { message: 'Not authorized, session ended' };

interface MailRow {
  key: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
}

/** "Forgot password?": a one-time link by mail, valid 30 minutes, the same answer for every email (issue 26). */
describe('password reset', () => {
  let users: TestUsers;

  beforeAll(async () => {
    // A low limit per email, so that the test of it stays short; every test asks from an address of its own.
    users = await startUsers({ env: { PASSWORD_RESET_MAX_PER_EMAIL: '3', PASSWORD_RESET_MAX_PER_ADDRESS: '5', PUBLIC_URL: 'https://shop.test' } });
  });

  afterAll(async () => {
    await users?.close();
  });

  const ask = (email: string, address = newClientAddress()) =>
    request(users.http).post('/api/users/password-reset').set('X-Forwarded-For', address).send({ email });
  const confirm = (token: string, password: string) =>
    request(users.http).post('/api/users/password-reset/confirm').set('X-Forwarded-For', newClientAddress()).send({ token, password });
  const profile = (auth: Bearer) => request(users.http).get('/api/users/profile').set(auth);

  const mailsTo = (email: string, kind: 'password-reset' | 'password-changed'): Promise<MailRow[]> =>
    users.dataSource.query(`SELECT key, to_address, subject, text, html FROM mail_outbox WHERE to_address = $1 AND key LIKE $2 ORDER BY created_at`, [email, `${kind}:%`]);

  /** The token of the link in the reset mail number `count` to `email` (waiting for the mail, which is made after the answer). */
  async function tokenMailed(email: string, count = 1): Promise<string> {
    const mails = await eventually(async () => {
      const found = await mailsTo(email, 'password-reset');
      return found.length >= count ? found : undefined;
    }, 10_000, `reset mail ${count} to ${email}`);
    const link = /https:\/\/shop\.test\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(mails[count - 1].text);
    expect(link).not.toBeNull();
    return (link as RegExpExecArray)[1];
  }

  it('answers 202 and the same message whether an account has the email or not, and mails only an account', async () => {
    const customer = await registerCustomer(users, { name: 'Casey <b>Customer</b>' });
    const unknown = `nobody-${randomUUID()}@example.com`;
    const known = await ask(customer.email).expect(202);
    const none = await ask(unknown).expect(202);
    expect(known.body).toEqual({ message: RESET_REQUESTED });
    expect(none.body).toEqual(known.body);
    expect(Object.keys(none.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await tokenMailed(customer.email);
    const [mail] = await mailsTo(customer.email, 'password-reset');
    expect(mail.subject).toBe('Reset your password');
    // The name is the customer's text: escaped in the HTML, and the token only in the fragment.
    expect(mail.html).toContain('Casey &lt;b&gt;Customer&lt;/b&gt;');
    expect(mail.html).toMatch(/href="https:\/\/shop\.test\/reset-password#token=[A-Za-z0-9_-]{43}"/);
    // Its work is done after the answer: give it time, then look for a mail to nobody.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(unknown, 'password-reset')).toHaveLength(0);
  });

  it('keeps only the hash of a token, valid 30 minutes', async () => {
    const customer = await registerCustomer(users);
    await ask(customer.email).expect(202);
    const token = await tokenMailed(customer.email);
    const [row] = await users.dataSource.query(
      `SELECT encode(token_hash, 'hex') AS hash, extract(epoch FROM t.expires_at - t.created_at) AS seconds FROM password_reset_token t JOIN app_user u ON u.id = t.user_id WHERE u.email = $1`,
      [customer.email],
    );
    expect(row.hash).not.toContain(Buffer.from(token).toString('hex'));
    expect(row.hash).toHaveLength(64);
    expect(Number(row.seconds)).toBe(1800);
  });

  it('sets the new password once, ends every session of the account, and mails its owner', async () => {
    const customer = await registerCustomer(users);
    const otherDevice = bearer((await login(users, customer.email, customer.password).expect(200)).body.token);
    await ask(customer.email).expect(202);
    const token = await tokenMailed(customer.email);
    expect((await confirm(token, 'a-brand-new-secret-9').expect(200)).body).toEqual({ message: RESET_DONE });
    expect((await profile(customer.auth).expect(401)).body).toEqual(SESSION_ENDED);
    expect((await profile(otherDevice).expect(401)).body).toEqual(SESSION_ENDED);
    await login(users, customer.email, customer.password).expect(401);
    await login(users, customer.email, 'a-brand-new-secret-9').expect(200);
    expect((await confirm(token, 'yet-another-secret-7').expect(400)).body).toEqual({ message: RESET_LINK_UNUSABLE });
    await login(users, customer.email, 'a-brand-new-secret-9').expect(200);
    const [changed] = await mailsTo(customer.email, 'password-changed');
    expect(changed.subject).toBe('Your password was changed');
    // The other services learn the new session version, and refuse the old tokens too.
    const updates = eventsAbout(await publishedEvents(users), 'user.updated', customer.info._id);
    expect(updates.at(-1)?.data.sessionVersion).toBe(2);
  });

  it('of two confirmations with one token at once, one wins and the other is told the link was used', async () => {
    const customer = await registerCustomer(users);
    await ask(customer.email).expect(202);
    const token = await tokenMailed(customer.email);
    const answers = await Promise.all([confirm(token, 'racing-secret-one-1'), confirm(token, 'racing-secret-two-2')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? 'racing-secret-one-1' : 'racing-secret-two-2';
    await login(users, customer.email, winner).expect(200);
    expect(await mailsTo(customer.email, 'password-changed')).toHaveLength(1);
  });

  it('refuses a token after 30 minutes', async () => {
    const customer = await registerCustomer(users);
    await ask(customer.email).expect(202);
    const token = await tokenMailed(customer.email);
    // 30 minutes later, as the database's clock sees it.
    await users.dataSource.query(
      `UPDATE password_reset_token SET created_at = created_at - interval '30 minutes', expires_at = expires_at - interval '30 minutes'
       WHERE user_id = $1`,
      [customer.info._id],
    );
    expect((await confirm(token, 'too-late-secret-3').expect(400)).body).toEqual({ message: RESET_LINK_UNUSABLE });
    await login(users, customer.email, customer.password).expect(200);
  });

  it('refuses an unknown token', async () => {
    expect((await confirm('x'.repeat(43), 'unknown-token-secret-4').expect(400)).body).toEqual({ message: RESET_LINK_UNUSABLE });
  });

  it('a reset ends every other pending link of the account, older and newer, and they change nothing', async () => {
    const customer = await registerCustomer(users);
    const tokens: string[] = [];
    for (let n = 1; n <= 3; n += 1) {
      await ask(customer.email).expect(202);
      tokens.push(await tokenMailed(customer.email, n));
    }
    await confirm(tokens[1], 'second-link-secret-5').expect(200);
    const reset = await passwordHashOf(users, customer.email);
    expect((await confirm(tokens[0], 'first-link-secret-6').expect(400)).body).toEqual({ message: RESET_LINK_UNUSABLE });
    expect((await confirm(tokens[2], 'third-link-secret-7').expect(400)).body).toEqual({ message: RESET_LINK_UNUSABLE });
    expect(await passwordHashOf(users, customer.email)).toBe(reset);
    await login(users, customer.email, 'second-link-secret-5').expect(200);
  });

  /**
   * Issue 38: a link is sent for the account as it is, to its email of then, to replace its password of
   * then. Whoever reads the old mailbox must not take the account once either has changed.
   */
  describe('pending links end when what they were sent for changes', () => {
    /** The password the holder of an old link would set. */
    const TAKEOVER = 'taken-over-secret-38';
    const updateProfile = (auth: Bearer, body: object) => request(users.http).put('/api/users/profile').set(auth).send(body);
    const movedEmail = () => `moved-${randomUUID()}@example.com`;
    const resetLinksOf = async (userId: string): Promise<number> => {
      const [{ count }] = await users.dataSource.query<{ count: number }[]>('SELECT count(*)::int AS count FROM password_reset_token WHERE user_id = $1', [userId]);
      return count;
    };

    /** A customer with a pending reset link, mailed to their email as it is now. */
    async function customerWithLink(): Promise<{ customer: TestCustomer; token: string }> {
      const customer = await registerCustomer(users);
      await ask(customer.email).expect(202);
      return { customer, token: await tokenMailed(customer.email) };
    }

    /** The link is answered as a used one, and the account at `email` keeps its password (`password` signs in). */
    async function expectLinkEnded(token: string, email: string, password: string): Promise<void> {
      const hash = await passwordHashOf(users, email);
      expect((await confirm(token, TAKEOVER).expect(400)).body).toEqual({ message: RESET_LINK_UNUSABLE });
      expect(await passwordHashOf(users, email)).toBe(hash);
      await login(users, email, TAKEOVER).expect(401);
      await login(users, email, password).expect(200);
    }

    it('an email change on the profile ends the links mailed to the old address', async () => {
      const { customer, token } = await customerWithLink();
      const email = movedEmail();
      await updateProfile(customer.auth, { name: customer.info.name, email, currentPassword: customer.password }).expect(200);
      await expectLinkEnded(token, email, customer.password);
    });

    it('a password change on the profile ends pending links', async () => {
      const { customer, token } = await customerWithLink();
      await updateProfile(customer.auth, { name: customer.info.name, email: customer.email, password: 'changed-on-profile-38', currentPassword: customer.password }).expect(200);
      await expectLinkEnded(token, customer.email, 'changed-on-profile-38');
    });

    it("an admin's change of a customer's email ends the links mailed to the old address", async () => {
      const { customer, token } = await customerWithLink();
      const admin = await signInAdmin(users);
      const email = movedEmail();
      await request(users.http).put(`/api/users/${customer.info._id}`).set(admin.auth).send({ name: customer.info.name, email, isAdmin: false }).expect(200);
      await expectLinkEnded(token, email, customer.password);
    });

    it('signing out ends pending links', async () => {
      const { customer, token } = await customerWithLink();
      await request(users.http).post('/api/users/logout').set(customer.auth).expect(204);
      await expectLinkEnded(token, customer.email, customer.password);
    });

    it('deleting the account deletes its links', async () => {
      const { customer, token } = await customerWithLink();
      const admin = await signInAdmin(users);
      await request(users.http).delete(`/api/users/${customer.info._id}`).set(admin.auth).expect(200);
      expect(await resetLinksOf(customer.info._id)).toBe(0);
      expect((await confirm(token, TAKEOVER).expect(400)).body).toEqual({ message: RESET_LINK_UNUSABLE });
      await login(users, customer.email, TAKEOVER).expect(401);
    });

    it('a change of the name alone, on the profile or by an admin, keeps a pending link working', async () => {
      const { customer, token } = await customerWithLink();
      const admin = await signInAdmin(users);
      await updateProfile(customer.auth, { name: 'Casey Renamed', email: customer.email }).expect(200);
      await request(users.http).put(`/api/users/${customer.info._id}`).set(admin.auth).send({ name: 'Casey Renamed Again', email: customer.email, isAdmin: false }).expect(200);
      await confirm(token, 'kept-link-secret-38').expect(200);
      await login(users, customer.email, 'kept-link-secret-38').expect(200);
    });

    /** How many connections of this test's database wait for a lock. */
    const lockWaiters = async (): Promise<number> => {
      const [{ count }] = await users.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return count;
    };

    /**
     * Runs two calls at the same moment, in a known order: the account's row is held locked while each starts
     * and comes to wait for it, then let go, so they take it in the order they started, as calls that meet at
     * the row would.
     */
    async function meetingAtTheAccount<A, B>(userId: string, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> {
      const holder = users.dataSource.createQueryRunner();
      await holder.connect();
      try {
        await holder.startTransaction();
        await holder.query('SELECT 1 FROM app_user WHERE id = $1 FOR UPDATE', [userId]);
        const waitingFor = (count: number) =>
          eventually(async () => ((await lockWaiters()) >= count ? true : undefined), 10_000, `${count} calls waiting for the account`);
        const firstDone = first();
        await waitingFor(1);
        const secondDone = second();
        await waitingFor(2);
        await holder.commitTransaction();
        return await Promise.all([firstDone, secondDone]);
      } finally {
        if (holder.isTransactionActive) await holder.rollbackTransaction();
        await holder.release();
      }
    }

    const moveEmail = (customer: TestCustomer, email: string) => () =>
      updateProfile(customer.auth, { name: customer.info.name, email, currentPassword: customer.password }).then((res) => res);

    it('of a reset confirmed and an email change at the same moment, the reset first: the email change is refused (409)', async () => {
      const { customer, token } = await customerWithLink();
      const email = movedEmail();
      const [reset, move] = await meetingAtTheAccount(customer.info._id, () => confirm(token, 'won-the-race-38').then((res) => res), moveEmail(customer, email));
      expect(reset.status).toBe(200);
      expect([move.status, move.body]).toEqual([409, { message: CHANGED_MEANWHILE }]);
      await login(users, customer.email, 'won-the-race-38').expect(200);
      await login(users, email, customer.password).expect(401);
      await login(users, email, 'won-the-race-38').expect(401);
    });

    it('of a reset confirmed and an email change at the same moment, the email change first: the link is refused', async () => {
      const { customer, token } = await customerWithLink();
      const email = movedEmail();
      const hash = await passwordHashOf(users, customer.email);
      const [move, reset] = await meetingAtTheAccount(customer.info._id, moveEmail(customer, email), () => confirm(token, TAKEOVER).then((res) => res));
      expect(move.status).toBe(200);
      expect([reset.status, reset.body]).toEqual([400, { message: RESET_LINK_UNUSABLE }]);
      expect(await passwordHashOf(users, email)).toBe(hash);
      await login(users, email, customer.password).expect(200);
    });

    it('a link made at the same moment as an email change is made before it and ended, or not made at all', async () => {
      const resets = users.app.get(PasswordResetService);
      // The link's work (after the 202) first: its link is mailed to the old address, and ended by the change.
      const first = await registerCustomer(users);
      const firstEmail = movedEmail();
      const [, firstMove] = await meetingAtTheAccount(first.info._id, () => resets.mailLink(first.email), moveEmail(first, firstEmail));
      expect(firstMove.status).toBe(200);
      await expectLinkEnded(await tokenMailed(first.email), firstEmail, first.password);
      // The email change first: the old address has no account any more, and gets no link.
      const second = await registerCustomer(users);
      const secondEmail = movedEmail();
      const [secondMove] = await meetingAtTheAccount(second.info._id, moveEmail(second, secondEmail), () => resets.mailLink(second.email));
      expect(secondMove.status).toBe(200);
      expect(await resetLinksOf(second.info._id)).toBe(0);
      expect(await mailsTo(second.email, 'password-reset')).toHaveLength(0);
    });
  });

  it('holds the new password to the rules of registration, and keeps the link usable meanwhile', async () => {
    const customer = await registerCustomer(users);
    await ask(customer.email).expect(202);
    const token = await tokenMailed(customer.email);
    expect((await confirm(token, 'short').expect(400)).body).toEqual({ message: 'password must be 8 to 128 characters long' });
    expect((await confirm(token, 'password').expect(400)).body.message).toMatch(/most common passwords/);
    expect((await confirm(token, 'aaaaaaaa').expect(400)).body.message).toMatch(/too easy to guess|most common/);
    await request(users.http).post('/api/users/password-reset/confirm').send({ token, password: 'fine-secret-word-8', isAdmin: true }).expect(400);
    await confirm(token, 'fine-secret-word-8').expect(200);
  });

  it('refuses a body that is no email', async () => {
    await request(users.http).post('/api/users/password-reset').send({ email: 'not an email' }).expect(400);
    await request(users.http).post('/api/users/password-reset').send({ email: 'a@example.com', extra: 1 }).expect(400);
  });

  it('limits the requests of one network (429 with Retry-After), whatever the emails', async () => {
    const address = newClientAddress();
    for (let n = 0; n < 5; n += 1) await ask(`someone-${n}-${randomUUID()}@example.com`, address).expect(202);
    const refused = await ask(`someone-${randomUUID()}@example.com`, address).expect(429);
    expect(refused.body).toEqual({ message: TOO_MANY_RESET_REQUESTS });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await ask(`someone-${randomUUID()}@example.com`).expect(202);
  });

  it('mails one email at most 3 reset links an hour, answering every request alike', async () => {
    const customer = await registerCustomer(users);
    for (let n = 0; n < 5; n += 1) expect((await ask(customer.email).expect(202)).body).toEqual({ message: RESET_REQUESTED });
    await tokenMailed(customer.email, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(customer.email, 'password-reset')).toHaveLength(3);
  });
});
