import { BadRequestException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation } from '@shop/service-kit/database';
import { newEmailProblem, skeletonOf, TOO_SIMILAR } from './email/email-rules.js';
import { userAlreadyExists } from './user-errors.js';

/** The unique index that keeps emails apart (see the users migration). */
const EMAIL_UNIQUE_INDEX = 'app_user_email_unique';
/** The unique index that keeps look-alike emails apart (see EmailSkeletons1766000000000). */
const EMAIL_SKELETON_UNIQUE_INDEX = 'app_user_email_skeleton_unique';

export const emailTooSimilar = () => new BadRequestException(TOO_SIMILAR);

/**
 * Throws 400 when an account may not take this (normalised) email as a new one: a quoted local part,
 * or scripts mixed in its local part or in a label of its domain (`newEmailProblem`). Existing
 * accounts keep the email they have, whatever it is: the rule applies when an email is new.
 */
export function refuseUnfitNewEmail(email: string): void {
  const problem = newEmailProblem(email);
  if (problem) throw new BadRequestException(problem);
}

/**
 * Throws 400 when another account (not `exceptId`) holds the (normalised) email (`User already
 * exists`) or one that looks like it, the same `skeletonOf` (`This email is too similar to an existing
 * account's, please use another`, which does not say whose). One statement reads both, through the
 * two unique indexes: at most two rows.
 */
export async function refuseTakenEmail(manager: EntityManager, email: string, exceptId?: string): Promise<void> {
  const holders: { same_email: boolean }[] = await manager.query(
    `SELECT email = $1 AS same_email FROM app_user
     WHERE (email = $1 OR email_skeleton = $2) AND id IS DISTINCT FROM $3::uuid`,
    [email, skeletonOf(email), exceptId ?? null],
  );
  if (holders.some((holder) => holder.same_email)) throw userAlreadyExists();
  if (holders.length > 0) throw emailTooSimilar();
}

/**
 * Runs a write that may give an account an email. When another request took
 * the email, or one that looks like it, between our check and our write, a
 * unique index refuses it, and the caller gets the same answer as if the check
 * had caught it.
 */
export async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) throw userAlreadyExists();
    if (isUniqueViolation(error, EMAIL_SKELETON_UNIQUE_INDEX)) throw emailTooSimilar();
    throw error;
  }
}
