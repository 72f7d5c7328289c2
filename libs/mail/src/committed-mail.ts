/**
 * The transactions (their query runners) that recorded a mail and have not committed yet: the sender
 * of this process sends right after they commit, instead of at its next poll. Internal to the library.
 */
export const transactionsWithMail = new WeakSet<object>();
