import { z } from 'zod';

/** The address in `Name <address>` or a bare `address`. */
const FROM = /^(?:[^<>\r\n]*<([^<>\s@]+@[^<>\s@]+)>|([^<>\s@]+@[^<>\s@]+))$/;

/** The address part of a MAIL_FROM, or undefined when it is none. */
export function addressOfFrom(from: string): string | undefined {
  const match = FROM.exec(from.trim());
  return match ? (match[1] ?? match[2]) : undefined;
}

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

/**
 * The settings of a service that sends mail (see .env.example), spread into its own settings:
 * validated with them at start-up, so a bad one stops the service with the others.
 */
export const mailSettings = {
  /**
   * The SMTP server mails go through: `smtp://host:port` (STARTTLS when the server offers it),
   * `smtps://host:465`, with `user:password@` when it wants a sign-in. Unset: mails are recorded and
   * kept in the outbox, not sent (they go out once it is set).
   */
  SMTP_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  /** The sender of every mail: `Shop <no-reply@shop.example>` or a bare address. */
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .refine((from) => addressOfFrom(from) !== undefined, 'must be an address, or a name and an address in <>: Shop <no-reply@shop.example>')
    .default('Shop <no-reply@shop.localhost>'),
  /** The shop's address as customers reach it, for the links in mails. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
};

/** The mail settings once parsed. */
export type MailSettings = z.infer<z.ZodObject<typeof mailSettings>>;
