import type { Response } from 'express';
import { serverTimingOf, type PasswordTimed } from './users/password-hasher.service.js';

/**
 * Writes how long the request's password work waited for its turn and ran into the answer's
 * `Server-Timing` header (W3C Server Timing: browsers' developer tools show it, the auth bench
 * reads it). It says nothing a client cannot time itself: the whole answer takes at least as long,
 * and an unknown email is checked against a dummy hash that costs what a real one costs.
 */
export const serverTimingHeader =
  (res: Response): PasswordTimed =>
  (timing) => {
    if (!res.headersSent) res.setHeader('Server-Timing', serverTimingOf(timing));
  };
