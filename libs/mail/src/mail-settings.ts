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
 * The settings of a service that sends mail (docs/settings.md), spread into its own settings:
 * validated with them at start-up, so a bad one stops the service with the others.
 */
export const mailSettings = {
  SMTP_URL: z.preprocess(blankAsUnset, z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()).meta({
    description:
      'The SMTP server the shop\'s mails go through: smtp://host:587 (STARTTLS when the server offers it), smtps://host:465, with user:password@ when it wants a sign-in. Unset: mails are kept in the service\'s mail_outbox table, unsent, and go out once it is set (docs/mail.md).',
    examples: ['smtp://127.0.0.1:3005'],
  }),
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .refine((from) => addressOfFrom(from) !== undefined, 'must be an address, or a name and an address in <>: Shop <no-reply@shop.example>')
    .default('Shop <no-reply@shop.localhost>')
    .meta({ description: 'The sender of every mail: Shop <no-reply@shop.example> or a bare address.' }),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default('http://localhost:3000')
    .meta({ description: 'The shop\'s address as customers reach it, for the links in mails (the order\'s page, the password reset page).' }),
};

/** The mail settings once parsed. */
export type MailSettings = z.infer<z.ZodObject<typeof mailSettings>>;
