import { Not, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '@shop/service-kit';
import { userAlreadyExists } from './user-errors.js';
import { User } from './user.entity.js';

/** The unique index that keeps emails apart (see the users migration). */
const EMAIL_UNIQUE_INDEX = 'app_user_email_unique';

/** Whether an account other than `exceptId` holds the (lower-cased) email. */
export function emailTaken(manager: EntityManager, email: string, exceptId?: string): Promise<boolean> {
  return manager.existsBy(User, exceptId ? { email, id: Not(exceptId) } : { email });
}

/**
 * Runs a write that may give an account an email. When another request took
 * the email between our check and our write, the unique index refuses it, and
 * the caller gets the same answer as if the check had caught it.
 */
export async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) throw userAlreadyExists();
    throw error;
  }
}
