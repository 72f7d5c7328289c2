import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Subjects } from '@shop/contracts';
import { Outbox } from '@shop/event-bus';
import { enqueueMail } from '@shop/mail';
import { clientKeyOf, SERVICE_CONFIG } from '@shop/service-kit';
import type { UsersConfig } from '../config.js';
import { PasswordHasher, type RequestTiming } from '../users/password-hasher.service.js';
import { User } from '../users/user.entity.js';
import { userChangedOf } from '../users/user.views.js';
import { passwordChangedMail, RESET_TOKEN_MINUTES, resetLinkMail } from './password-reset-mails.js';
import { PasswordResetThrottle } from './password-reset-throttle.service.js';
import { endResetLinks } from './reset-links.js';

export const RESET_REQUESTED = `If an account exists for this email, we have sent it a link to reset its password. The link is valid for ${RESET_TOKEN_MINUTES} minutes.`;
export const RESET_DONE = 'Your password has been reset. Please sign in with your new password.';
export const RESET_LINK_UNUSABLE = 'This password reset link is invalid, has expired or was already used. Please ask for a new one.';

/** A token's SHA-256: what the table keeps. A 256-bit random token needs no slow hash; a copy of the table opens nothing. */
const hashOf = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/**
 * Password reset by mail: a one-time link valid for 30 minutes, asked for with an email and answered
 * the same whether an account has it or not.
 */
@Injectable()
export class PasswordResetService implements OnModuleDestroy {
  private readonly logger = new Logger('PasswordReset');
  /** Requests whose work goes on after their answer, awaited before the database closes. */
  private readonly working = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly passwords: PasswordHasher,
    private readonly throttle: PasswordResetThrottle,
    @Inject(SERVICE_CONFIG) private readonly config: UsersConfig,
  ) {}

  /**
   * Counts the request against its address (429 past the limit), then answers at once, before anything
   * about the email is read: the answer and its timing are the same for an email with an account and one
   * without. The mail is made afterwards (`mailLink`).
   */
  async request(email: string, address: string): Promise<void> {
    await this.throttle.admit(address);
    const work = this.mailLink(email).catch((error: unknown) => this.logger.error(`a password reset for a requested email failed: ${String(error)}`));
    this.working.add(work);
    void work.finally(() => this.working.delete(work));
  }

  /**
   * Makes a token for the account of `email` and records the mail with its link, in one transaction:
   * nothing for an unknown email, nor for an email past its share of reset mails.
   */
  async mailLink(email: string): Promise<void> {
    if (!(await this.throttle.mayMail(email))) {
      this.logger.warn('a password reset mail was not sent: the email had its share of them in the window');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.transaction(async (manager) => {
      // Locked (FOR SHARE) as a change of the account's email or password, or a sign-out, locks it to end its links:
      // a link is made wholly before such a change, which ends it, or after, when a changed email no longer finds
      // the account. Unlocked, a link made from a read of the account before the change could be stored after it.
      const user = await manager.findOne(User, { where: { email }, select: { id: true, name: true, email: true }, lock: { mode: 'pessimistic_read' } });
      if (!user) return;
      const tokenId = randomUUID();
      // Expired tokens of the account are of no use to anyone: they go when a new one comes.
      await manager.query(`DELETE FROM password_reset_token WHERE user_id = $1 AND expires_at < now() - interval '1 day'`, [user.id]);
      await manager.query(
        `INSERT INTO password_reset_token (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 minute')`,
        [tokenId, user.id, hashOf(token), RESET_TOKEN_MINUTES],
      );
      await enqueueMail(manager, resetLinkMail({ tokenId, token, to: user.email, name: user.name, publicUrl: this.config.PUBLIC_URL }));
    });
  }

  /**
   * Sets a new password with a reset token: the token is used up (of two confirmations at once, one wins),
   * every other link of the account ends with it, and every session of the account ends (its session version
   * grows, and `user.updated` tells the other services). The owner gets a mail saying so.
   */
  async confirm(token: string, password: string, address: string, timing: RequestTiming = {}): Promise<void> {
    // No argon2 work for a link that cannot work.
    const [found]: { user_id: string }[] = await this.dataSource.query(
      `SELECT user_id FROM password_reset_token WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [hashOf(token)],
    );
    if (!found) throw new BadRequestException(RESET_LINK_UNUSABLE);
    const passwordHash = await this.passwords.hash(password, { arrivedAt: timing.arrivedAt, client: clientKeyOf(address) });
    await this.outbox.transaction(async (manager, emit) => {
      // The account's row is locked before the token, as every change that ends the account's links locks it
      // before it ends them: a second confirmation, an email change or a sign-out at the same moment runs wholly
      // before or after this one (one order of locks, so no deadlock either), and the token is judged again below.
      const user = await manager.findOne(User, {
        where: { id: found.user_id },
        select: { id: true, name: true, email: true, isAdmin: true, sessionVersion: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (!user) throw new BadRequestException(RESET_LINK_UNUSABLE);
      // Read through a SELECT: TypeORM's answer to a bare UPDATE … RETURNING depends on how the driver names the
      // command, which embedded PGlite does not always do as PostgreSQL does.
      const [used]: { id: string }[] = await manager.query(
        `WITH used AS (
           UPDATE password_reset_token SET used_at = now()
           WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now()
           RETURNING id)
         SELECT * FROM used`,
        [hashOf(token), user.id],
      );
      if (!used) throw new BadRequestException(RESET_LINK_UNUSABLE);
      user.sessionVersion += 1;
      await manager.update(User, { id: user.id }, { passwordHash, sessionVersion: user.sessionVersion, updatedAt: new Date() });
      await endResetLinks(manager, user.id);
      await emit(Subjects.UserUpdated, userChangedOf(user));
      await enqueueMail(manager, passwordChangedMail({ tokenId: used.id, to: user.email, name: user.name, publicUrl: this.config.PUBLIC_URL }));
    });
  }

  /** Lets the mails of requests already answered be recorded before the database closes. */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.working]);
  }
}
