import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, type EntityManager, type EntitySubscriberInterface, type TransactionCommitEvent } from 'typeorm';
import { transactionsWithMail } from './committed-mail.js';
import { addressOfFrom } from './mail-settings.js';
import { MAIL_OPTIONS, type MailOptions, type MailOutcome } from './mail-options.js';
import { SmtpError, SmtpThread, type SmtpOutcome } from './smtp-thread.js';

/** A mail a sender has claimed: its lease is this sender's until `leaseMs` has passed. */
export interface ClaimedMail {
  id: string;
  key: string;
  to_address: string;
  to_name: string | null;
  subject: string;
  text: string;
  html: string;
  /** Attempts so far, this one included. */
  attempts: number;
  /** The Message-ID every attempt of this mail carries. */
  message_id: string;
}

/** Most mails one claim takes (MailOptions.batch). */
const DEFAULT_BATCH = 50;
const HOUSEKEEPING_EVERY_MS = 3600 * 1000;
const PRUNE_CHUNK = 1_000;
const MAX_ERROR_LENGTH = 1_000;

/** A failure the SMTP server called permanent (5xx: no such mailbox, refused): trying again changes nothing. */
const isPermanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Sends what the mail outbox (`mail_outbox`, filled by `enqueueMail`) holds, through SMTP.
 *
 * A pass runs right after a transaction of this process that recorded a mail commits, and every
 * `pollMs` (for retries, and for mails of a replica that died before sending them). It claims due
 * mails in one statement (`FOR UPDATE SKIP LOCKED`, so replicas share the work and never claim one
 * mail together) by setting a lease on them, and commits the claim before sending: no transaction is
 * held open over the network. Each mail is then sent and marked sent. A sender that
 * dies after claiming leaves a lease that runs out, and a later pass sends the mail again, with the
 * Message-ID of the first attempt (given at the first claim and kept), so a mail client shows one mail
 * even in the one case that sends twice: a crash between the SMTP server's acceptance and the mark.
 *
 * A failure waits `retryBaseMs` doubling up to `retryMaxMs` before the next attempt; after
 * `maxAttempts`, or at once when the server refuses for good (5xx), the mail is kept as failed with
 * its error and logged. Sent and failed mails are deleted after `keepDays`.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailSender');
  private readonly messageIdDomain: string;
  /** nodemailer in a thread of its own: composing and sending is off the service's event loop. */
  private smtp?: SmtpThread;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private gathering?: NodeJS.Timeout;
  private stopped = false;
  private lastHousekeeping = 0;
  /** Kicks a pass when a transaction of this process that recorded a mail commits. */
  private readonly commits: EntitySubscriberInterface = {
    afterTransactionCommit: (event: TransactionCommitEvent) => {
      if (!transactionsWithMail.has(event.queryRunner)) return;
      transactionsWithMail.delete(event.queryRunner);
      this.kickSoon();
    },
  };

  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAIL_OPTIONS) private readonly options: MailOptions,
  ) {
    this.messageIdDomain = addressOfFrom(options.from)?.split('@')[1] ?? 'localhost';
  }

  /** Whether mails are sent (an SMTP server is set), or only kept. */
  get sending(): boolean {
    return this.options.smtpUrl !== undefined;
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Starts sending: a pass now and every `pollMs`. Without an SMTP server, says so once and sends nothing. */
  start(): void {
    if (!this.options.smtpUrl) {
      this.logger.warn('SMTP_URL is not set: mails are kept in mail_outbox and sent once it is');
      return;
    }
    const timeout = this.options.smtpTimeoutMs ?? 30_000;
    this.smtp = new SmtpThread({
      url: this.options.smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    this.dataSource.subscribers.push(this.commits);
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 5_000);
    this.timer.unref();
    this.kick();
  }

  /**
   * Starts a pass `gatherMs` after a commit that recorded a mail, unless one is already due: under a sale
   * the mails of the commits meanwhile are claimed, sent and marked together (a claim and a mark a batch,
   * not a mail), and no mail waits long.
   */
  private kickSoon(): void {
    if (this.gathering || this.stopped) return;
    this.gathering = setTimeout(() => {
      this.gathering = undefined;
      this.kick();
    }, this.options.gatherMs ?? 200);
  }

  /** Starts a pass now, or right after the one under way. */
  kick(): void {
    if (this.stopped || !this.smtp) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn(`mail sending paused: ${String(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Claims up to `batch` due mails for this sender: a pass's first step, committed on its own. (Tests
   * use it to play a sender that dies right after claiming.)
   */
  async claimDue(limit = this.options.batch ?? DEFAULT_BATCH): Promise<ClaimedMail[]> {
    // Read through a SELECT of the UPDATE: TypeORM answers a bare UPDATE … RETURNING as [rows, affected] only
    // when the driver reports the command as UPDATE, which embedded PGlite does not always do.
    return this.dataSource.query(
      `WITH claimed AS (
         UPDATE mail_outbox SET
           lease_until = now() + $2 * interval '1 millisecond',
           attempts = attempts + 1,
           message_id = coalesce(message_id, '<' || id || '@' || $3 || '>')
         WHERE id IN (
           SELECT id FROM mail_outbox
           WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
             AND (lease_until IS NULL OR lease_until < now())
           ORDER BY next_attempt_at
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
         RETURNING id, key, to_address, to_name, subject, text, html, attempts, message_id)
       SELECT * FROM claimed`,
      [limit, this.options.leaseMs ?? 120_000, this.messageIdDomain],
    );
  }

  /** Resolves once no mail is due any more (for tests and shutdown), or throws after `timeoutMs`. */
  async flush(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [{ due }]: { due: number }[] = await this.dataSource.query(
        `SELECT count(*)::int AS due FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()`,
      );
      if (due === 0 && !this.running) return;
      if (Date.now() > until) throw new Error('mail outbox not drained in time');
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async drain(): Promise<void> {
    const batch = this.options.batch ?? DEFAULT_BATCH;
    for (;;) {
      if (this.stopped) return;
      const claimed = await this.claimDue(batch);
      const sent = await this.deliver(claimed);
      // One statement for the batch's sent mails, not one each: at a sale's pace that is most of the sender's
      // commits. A crash before it sends those mails again after their lease, with the same Message-ID.
      if (sent.length > 0) {
        const marked = claimed.filter((mail) => sent.includes(mail.id));
        await this.withOutcomes(
          marked.map((mail) => ({ key: mail.key, subject: mail.subject, sent: true, at: new Date() })),
          (manager) => manager.query(`UPDATE mail_outbox SET sent_at = now(), lease_until = NULL, last_error = NULL WHERE id = ANY($1::uuid[])`, [sent]),
        );
      }
      if (claimed.length < batch) break;
    }
    if (Date.now() - this.lastHousekeeping > HOUSEKEEPING_EVERY_MS) {
      this.lastHousekeeping = Date.now();
      await this.forgetOldMails();
    }
  }

  /** Sends claimed mails; answers the ids the SMTP server took (each failure is recorded here). */
  private async deliver(claimed: readonly ClaimedMail[]): Promise<string[]> {
    const smtp = this.smtp as SmtpThread;
    const outcomes = await smtp.send(
      claimed.map((mail) => ({
        from: this.options.from,
        to: mail.to_name ? { name: mail.to_name, address: mail.to_address } : mail.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.message_id,
        // RFC 3834: mail sent by a program, which auto-responders should not answer.
        headers: { 'Auto-Submitted': 'auto-generated' },
      })),
    ).catch((error: unknown) => claimed.map((): SmtpOutcome => ({ sent: false, error: String(error instanceof Error ? error.message : error) })));
    await Promise.all(claimed.map((mail, n) => (outcomes[n].sent ? undefined : this.failed(mail, new SmtpError(outcomes[n].error, outcomes[n].responseCode)))));
    return claimed.filter((_, n) => outcomes[n].sent).map((mail) => mail.id);
  }

  private async failed(mail: ClaimedMail, error: unknown): Promise<void> {
    const reason = String(error instanceof Error ? error.message : error).slice(0, MAX_ERROR_LENGTH);
    const maxAttempts = this.options.maxAttempts ?? 12;
    if (isPermanent(error) || mail.attempts >= maxAttempts) {
      await this.withOutcomes([{ key: mail.key, subject: mail.subject, sent: false, at: new Date(), error: reason }], (manager) =>
        manager.query(`UPDATE mail_outbox SET failed_at = now(), lease_until = NULL, last_error = $2 WHERE id = $1`, [mail.id, reason]),
      );
      this.logger.error(`mail ${mail.key} given up after ${mail.attempts} attempt(s): ${reason}`);
      return;
    }
    const waitMs = Math.min(this.options.retryMaxMs ?? 3_600_000, (this.options.retryBaseMs ?? 10_000) * 2 ** (mail.attempts - 1));
    await this.dataSource.query(
      `UPDATE mail_outbox SET next_attempt_at = now() + $2 * interval '1 millisecond', lease_until = NULL, last_error = $3 WHERE id = $1`,
      [mail.id, waitMs, reason],
    );
    this.logger.warn(`mail ${mail.key} not sent (attempt ${mail.attempts}), next attempt in ${Math.round(waitMs / 1000)} s: ${reason}`);
  }

  /** Runs `mark` with the service's `onOutcome` in one transaction (on its own when the service keeps nothing of them). */
  private async withOutcomes(outcomes: readonly MailOutcome[], mark: (manager: EntityManager) => Promise<unknown>): Promise<void> {
    const { onOutcome } = this.options;
    if (!onOutcome) {
      await mark(this.dataSource.manager);
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      await mark(manager);
      await onOutcome(manager, outcomes);
    });
  }

  /** Deletes mails sent or given up more than `keepDays` ago, in chunks so that no statement holds the table long. */
  private async forgetOldMails(): Promise<void> {
    const before = new Date(Date.now() - (this.options.keepDays ?? 30) * 86_400_000);
    for (;;) {
      const [{ deleted }]: { deleted: number }[] = await this.dataSource.query(
        `WITH gone AS (
           DELETE FROM mail_outbox WHERE id IN (
             SELECT id FROM mail_outbox WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND coalesce(sent_at, failed_at) < $1 LIMIT $2
           ) RETURNING 1)
         SELECT count(*)::int AS deleted FROM gone`,
        [before, PRUNE_CHUNK],
      );
      if (deleted < PRUNE_CHUNK || this.stopped) return;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Stops after the pass under way; a mail claimed and not yet sent is sent again by another sender once its lease ends. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.gathering);
    const at = this.dataSource.subscribers.indexOf(this.commits);
    if (at !== -1) this.dataSource.subscribers.splice(at, 1);
    await this.running;
    await this.smtp?.close();
  }
}
