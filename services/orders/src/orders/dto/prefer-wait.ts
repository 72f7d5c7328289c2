/** The longest a placement call waits for its order's outcome, whatever it asks. */
export const MAX_OUTCOME_WAIT_SECONDS = 10;

/**
 * The seconds a `Prefer` header (RFC 7240) asks the placement call to wait
 * for the outcome: `wait=N`, capped at MAX_OUTCOME_WAIT_SECONDS; 0 when it
 * asks nothing of the kind. A preference is a wish, never an error: anything
 * unreadable is ignored, as the RFC says.
 */
export function outcomeWaitOf(prefer: string | undefined): number {
  return askedWaitOf(prefer) ?? 0;
}

/** The seconds a `Prefer` header asks to wait (`wait=N`, capped as above), or undefined when it asks nothing of the kind. */
export function askedWaitOf(prefer: string | undefined): number | undefined {
  if (!prefer) return undefined;
  for (const preference of prefer.split(',')) {
    const match = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*(;.*)?$/i.exec(preference);
    if (match) return Math.min(Number(match[1]), MAX_OUTCOME_WAIT_SECONDS);
  }
  return undefined;
}
