import { BadRequestException } from '@nestjs/common';
import { Not, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '@shop/service-kit';
import { newEmailProblem, skeletonOf, TOO_SIMILAR } from './email/email-rules.js';
import { userAlreadyExists } from './user-errors.js';
import { User } from './user.entity.js';

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

/** Whether an account other than `exceptId` holds the (lower-cased) email. */
export function emailTaken(manager: EntityManager, email: string, exceptId?: string): Promise<boolean> {
  return manager.existsBy(User, exceptId ? { email, id: Not(exceptId) } : { email });
}

/** Whether an account other than `exceptId` holds an email that looks like this one (the same `skeletonOf`). */
export function similarEmailTaken(manager: EntityManager, email: string, exceptId?: string): Promise<boolean> {
  const emailSkeleton = skeletonOf(email);
  return manager.existsBy(User, exceptId ? { emailSkeleton, id: Not(exceptId) } : { emailSkeleton });
}

/**
 * Throws 400 when another account holds the email (`User already exists`) or one that looks like it
 * (`This email is too similar to an existing account's, please use another`, which does not say whose).
 */
export async function refuseTakenEmail(manager: EntityManager, email: string, exceptId?: string): Promise<void> {
  if (await emailTaken(manager, email, exceptId)) throw userAlreadyExists();
  if (await similarEmailTaken(manager, email, exceptId)) throw emailTooSimilar();
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
