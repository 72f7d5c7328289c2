import type { EntityManager } from 'typeorm';
import { transactionsWithMail } from './committed-mail.js';

/** A mail to record with a change (`enqueueMail`). */
export interface OutgoingMail {
  /**
   * What makes this mail this mail, such as `order.paid:<orderId>` or `password-reset:<tokenId>`:
   * a mail recorded again under a key already recorded is the same mail, and is not recorded twice.
   */
  key: string;
  /** The recipient's address. */
  to: string;
  /** The recipient's name, shown beside the address; any text (it is encoded, never pasted into a header). */
  toName?: string;
  subject: string;
  /** The plain text body. */
  text: string;
  /** The HTML body: build it with `html` (mail-html.ts), which escapes every value. */
  html: string;
}

/** Longest subject and name kept: a header line longer than this helps nobody. */
const MAX_HEADER_TEXT = 200;

/**
 * Text fit for a header: one line (CR, LF and other control characters become spaces, so nothing
 * a customer typed can start a header of its own), trimmed, and cut to a sane length.
 */
export function singleLine(text: string, max = MAX_HEADER_TEXT): string {
  // \p{Cc}: every control character (C0, DEL and C1), written as a class rather than a range of them.
  const line = text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Records a mail in the transaction of the change that causes it, so that the mail exists if and only
 * if the change was committed; `MailSender` sends it afterwards (at once once the transaction commits,
 * in this process; another replica's at its next poll). Recording a key already recorded does
 * nothing (`ON CONFLICT (key) DO NOTHING`): a redelivered event or a retried request mails once.
 * Answers whether this call recorded it.
 */
export async function enqueueMail(manager: EntityManager, mail: OutgoingMail): Promise<boolean> {
  // An UPDATE or INSERT … RETURNING answers its rows through TypeORM's query.
  const rows: { id: string }[] = await manager.query(
    `INSERT INTO mail_outbox (key, to_address, to_name, subject, text, html)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (key) DO NOTHING
     RETURNING id`,
    [mail.key, singleLine(mail.to, 320), mail.toName === undefined ? null : singleLine(mail.toName), singleLine(mail.subject), mail.text, mail.html],
  );
  if (rows.length === 1 && manager.queryRunner) transactionsWithMail.add(manager.queryRunner);
  return rows.length === 1;
}
