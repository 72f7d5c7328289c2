import { DataSource } from 'typeorm';
import { ensureDatabase, withDatabase } from '@shop/service-kit/database';
import { enqueueMail, html, mailMigrations, MailSender, type MailOptions, type OutgoingMail } from '../src/index.js';
import { dropDatabases, eventually, headerOf, SmtpCatcher, testPrefix, TEST_DATABASE_URL } from '@shop/testing';

interface MailRow {
  key: string;
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  message_id: string | null;
  next_attempt_at: Date;
  lease_until: Date | null;
}

/** The mail outbox against a real PostgreSQL and a real SMTP conversation. */
describe('mail outbox and sender', () => {
  const prefix = testPrefix();
  let dataSource: DataSource;
  let smtp: SmtpCatcher;
  const senders: MailSender[] = [];

  beforeAll(async () => {
    const database = `${prefix}_mail`;
    await ensureDatabase(TEST_DATABASE_URL, database);
    dataSource = new DataSource({ type: 'postgres', url: withDatabase(TEST_DATABASE_URL, database), migrations: mailMigrations, logging: false });
    await dataSource.initialize();
    await dataSource.runMigrations();
    smtp = await new SmtpCatcher().start();
  });

  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await dataSource.query(`TRUNCATE mail_outbox`);
    smtp.caught.length = 0;
    smtp.refusing = false;
    await smtp.start().catch(() => undefined);
  });

  afterAll(async () => {
    await smtp?.stop();
    await dataSource?.destroy();
    await dropDatabases(prefix);
  });

  function sender(options: Partial<MailOptions> = {}): MailSender {
    const made = new MailSender(dataSource, { smtpUrl: smtp.url, from: 'Shop <no-reply@shop.test>', pollMs: 50, retryBaseMs: 100, ...options });
    senders.push(made);
    return made;
  }

  const mail = (n: number | string, fields: Partial<OutgoingMail> = {}): OutgoingMail => ({
    key: `test:${n}`,
    to: `casey-${n}@example.com`,
    toName: 'Casey Customer',
    subject: `Mail ${n}`,
    text: `Hello ${n}`,
    html: html`<p>Hello ${n}</p>`.value,
    ...fields,
  });

  const record = (...mails: OutgoingMail[]) =>
    dataSource.transaction(async (manager) => {
      for (const one of mails) await enqueueMail(manager, one);
    });

  const rows = (): Promise<MailRow[]> => dataSource.query(`SELECT * FROM mail_outbox ORDER BY key`);

  it('sends a mail recorded with a change once, even when it is recorded twice', async () => {
    await record(mail(1), mail(1));
    await record(mail(1));
    sender().start();
    await eventually(async () => ((await rows())[0]?.sent_at ? true : undefined), 10_000, 'the mail sent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.caught).toHaveLength(1);
    const [row] = await rows();
    expect(row.attempts).toBe(1);
    expect(headerOf(smtp.caught[0].raw, 'Message-ID')).toBe(row.message_id);
    expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@shop\.test>$/);
    expect(headerOf(smtp.caught[0].raw, 'Subject')).toBe('Mail 1');
    expect(smtp.caught[0].recipients).toEqual(['<casey-1@example.com>']);
  });

  it('sends a mail as soon as its transaction commits, without waiting for its next look', async () => {
    const made = sender({ pollMs: 60_000 });
    made.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const committedAt = Date.now();
    await record(mail('at-once'));
    await eventually(async () => (smtp.caught.length === 1 ? true : undefined), 5_000, 'the mail sent');
    expect(Date.now() - committedAt).toBeLessThan(5_000);
  });

  it('never sends a mail whose change rolled back', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await enqueueMail(manager, mail('rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await record(mail('kept'));
    sender().start();
    await eventually(async () => (smtp.caught.length === 1 ? true : undefined), 10_000, 'the kept mail sent');
    expect(await rows()).toHaveLength(1);
    expect(headerOf(smtp.caught[0].raw, 'Subject')).toBe('Mail kept');
  });

  it('two senders on one table never send one mail twice', async () => {
    await record(...Array.from({ length: 60 }, (_, n) => mail(n)));
    sender({ batch: 3 }).start();
    sender({ batch: 3 }).start();
    await eventually(async () => ((await rows()).every((row) => row.sent_at) ? true : undefined), 20_000, 'every mail sent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.caught).toHaveLength(60);
    const subjects = new Set(smtp.caught.map((caught) => headerOf(caught.raw, 'Subject')));
    expect(subjects.size).toBe(60);
    expect((await rows()).every((row) => row.attempts === 1)).toBe(true);
  });

  it('a mail whose sender died after claiming it is sent by another once the lease ends, with the same Message-ID', async () => {
    await record(mail('orphan'));
    const dead = sender({ leaseMs: 1_000 });
    const [claimed] = await dead.claimDue();
    expect(claimed.key).toBe('test:orphan');
    const startedAt = Date.now();
    sender({ leaseMs: 1_000 }).start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.caught).toHaveLength(0);
    await eventually(async () => (smtp.caught.length === 1 ? true : undefined), 10_000, 'the orphaned mail sent');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    expect(headerOf(smtp.caught[0].raw, 'Message-ID')).toBe(claimed.message_id);
    const [row] = await rows();
    expect(row.attempts).toBe(2);
    expect(row.message_id).toBe(claimed.message_id);
  });

  it('when the SMTP server is down, tries again later, waiting longer each time, and sends once it is back', async () => {
    await smtp.stop();
    await record(mail('patient'));
    sender({ retryBaseMs: 200 }).start();
    const failedTwice = await eventually(async () => {
      const [row] = await rows();
      // Not claimed for a third attempt yet: the second failure is recorded, with the wait after it.
      return row.attempts === 2 && row.last_error && !row.lease_until ? row : undefined;
    }, 10_000, 'two failed attempts');
    expect(failedTwice.sent_at).toBeNull();
    expect(failedTwice.failed_at).toBeNull();
    // The wait after the n-th failure is 200 ms × 2^(n-1): after the second, the next attempt is ≥ 400 ms away.
    const [{ wait }]: { wait: number }[] = await dataSource.query(`SELECT extract(epoch FROM next_attempt_at - now()) * 1000 AS wait FROM mail_outbox`);
    expect(Number(wait)).toBeGreaterThan(100);
    await smtp.start();
    const sent = await eventually(async () => ((await rows())[0].sent_at ? (await rows())[0] : undefined), 15_000, 'the mail sent');
    expect(smtp.caught).toHaveLength(1);
    expect(sent.last_error).toBeNull();
  });

  it('a server that refuses for a while (451) is tried again too', async () => {
    smtp.refusing = true;
    await record(mail('refused'));
    sender().start();
    await eventually(async () => ((await rows())[0].attempts >= 2 ? true : undefined), 10_000, 'a retry');
    expect((await rows())[0].last_error).toMatch(/451/);
    smtp.refusing = false;
    await eventually(async () => (smtp.caught.length === 1 ? true : undefined), 10_000, 'the mail sent');
  });

  it('gives a mail up after its attempts, keeping it with its error', async () => {
    await smtp.stop();
    await record(mail('lost'));
    sender({ retryBaseMs: 50, maxAttempts: 3 }).start();
    const failed = await eventually(async () => ((await rows())[0].failed_at ? (await rows())[0] : undefined), 10_000, 'the mail given up');
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.sent_at).toBeNull();
  });

  it('sends nothing without an SMTP server set, and keeps the mail', async () => {
    await record(mail('kept-for-later'));
    sender({ smtpUrl: undefined }).start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.caught).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({ attempts: 0, sent_at: null });
  });

  it('text a customer typed cannot add headers or recipients, nor markup to the HTML', async () => {
    const name = 'Eve\r\nBcc: victim@example.com\r\n<b>bold</b>';
    await record(
      mail('hostile', {
        toName: name,
        subject: `Your order\r\nBcc: victim@example.com\nX-Injected: yes`,
        html: html`<p>Hello ${name}</p><p>${'<script>alert(1)</script><img src=x onerror=alert(1)>'}</p>`.value,
      }),
    );
    sender().start();
    await eventually(async () => (smtp.caught.length === 1 ? true : undefined), 10_000, 'the mail sent');
    const [caught] = smtp.caught;
    expect(caught.recipients).toEqual(['<casey-hostile@example.com>']);
    const head = caught.raw.split('\r\n\r\n', 1)[0];
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Injected:/im);
    expect(headerOf(caught.raw, 'Subject')).toBe('Your order Bcc: victim@example.com X-Injected: yes');
    expect(caught.raw).not.toContain('<script>');
    expect(caught.raw).not.toContain('<img');
    expect(caught.raw).toContain('&lt;script&gt;');
  });
});
