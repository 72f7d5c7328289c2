import type { EntityManager } from 'typeorm';

/**
 * Ends every pending password reset link of an account, in the caller's transaction: a change of its
 * email or password, a reset and a sign-out call it where they change the account's row, which they
 * have locked before (so a confirmation, which locks that row before it uses its token, runs wholly
 * before or after them). A link was sent for the account as it was: to its email of then, to replace the
 * password of then. Ended links count as used, and answer what a used link answers.
 */
export async function endResetLinks(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`UPDATE password_reset_token SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
}
