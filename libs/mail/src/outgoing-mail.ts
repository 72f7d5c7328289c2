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
  return (await enqueueMails(manager, [mail])) === 1;
}

/**
 * `enqueueMail` for several mails in one statement (a consumer's batch of events): each recorded unless
 * its key already is (also a key twice in `mails`: the first counts). Answers how many were recorded.
 */
export async function enqueueMails(manager: EntityManager, mails: readonly OutgoingMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  // One text for any number of mails (unnest of one array per column), so PostgreSQL plans it once per connection.
  // An INSERT … RETURNING answers its rows through TypeORM's query.
  const rows: { id: string }[] = await manager.query(
    `INSERT INTO mail_outbox (key, to_address, to_name, subject, text, html)
     SELECT key, to_address, to_name, subject, text, html FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS m(key, to_address, to_name, subject, text, html, n)
     ORDER BY n
     ON CONFLICT (key) DO NOTHING
     RETURNING id`,
    [
      mails.map((mail) => mail.key),
      mails.map((mail) => singleLine(mail.to, 320)),
      mails.map((mail) => (mail.toName === undefined ? null : singleLine(mail.toName))),
      mails.map((mail) => singleLine(mail.subject)),
      mails.map((mail) => mail.text),
      mails.map((mail) => mail.html),
    ],
  );
  if (rows.length > 0 && manager.queryRunner) transactionsWithMail.add(manager.queryRunner);
  return rows.length;
}
