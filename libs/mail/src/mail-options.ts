import type { EntityManager } from 'typeorm';
import type { MailSettings } from './mail-settings.js';

/** How a service sends the mails of its outbox. Only `from` is required; the rest have defaults fit for production. */
export interface MailOptions {
  /** The SMTP server (SMTP_URL); unset: mails stay in the outbox, unsent. */
  smtpUrl?: string;
  /** The sender (MAIL_FROM). */
  from: string;
  /**
   * How often a sender looks for due mails besides right after its own process recorded one, in ms (5 000):
   * for retries, and mails whose replica died before sending them.
   */
  pollMs?: number;
  /** How long after a commit that recorded a mail the sender waits for the mails of other commits, in ms (200). */
  gatherMs?: number;
  /** Most mails one claim takes (50): under a sale confirmations come by the dozen, and a claim and a mark are statements of their own. */
  batch?: number;
  /** How long a claimed mail is this sender's before another may take it, in ms (120 000): longer than a send may take. */
  leaseMs?: number;
  /** The wait after a first failure, in ms (10 000); it doubles with each failure. */
  retryBaseMs?: number;
  /** The longest wait between two attempts, in ms (3 600 000). */
  retryMaxMs?: number;
  /** Attempts before a mail is given up and kept as failed (12: about 3.5 hours of trying with the defaults). */
  maxAttempts?: number;
  /** How long one SMTP connection, greeting or silence may take, in ms (30 000). */
  smtpTimeoutMs?: number;
  /** How long sent and given-up mails are kept, in days (30). */
  keepDays?: number;
  /**
   * Called in the transaction that marks mails sent or given up, so that what a service keeps of them
   * (an order's history) commits with the mark or not at all.
   */
  onOutcome?: (manager: EntityManager, outcomes: readonly MailOutcome[]) => Promise<void>;
}

/** What became of one mail: sent (the SMTP server took it) or given up (`error` says why). */
export interface MailOutcome {
  key: string;
  subject: string;
  sent: boolean;
  at: Date;
  error?: string;
}

/** The options of a service's mail settings. */
export function mailOptionsOf(settings: Pick<MailSettings, 'SMTP_URL' | 'MAIL_FROM'>): MailOptions {
  return { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM };
}

export const MAIL_OPTIONS = Symbol('MAIL_OPTIONS');
