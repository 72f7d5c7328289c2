import type { NextFunction, Request, Response } from 'express';
import { serverTimingOf, type RequestTiming } from './users/password-hasher.service.js';

const ARRIVED_AT = Symbol('arrivedAt');

type ArrivedRequest = Request & { [ARRIVED_AT]?: number };

/**
 * Notes when the service began to handle a request (`performance.now()`), before validation and the
 * database: under a crowd, a request can wait seconds before it reaches the password queue, and that
 * wait counts against PASSWORD_HASH_MAX_WAIT_MS like the queue's own.
 */
export function markArrival(req: Request, _res: Response, next: NextFunction): void {
  (req as ArrivedRequest)[ARRIVED_AT] = performance.now();
  next();
}

/**
 * The timing of a request's password work: when the request arrived (`markArrival`), and a listener
 * that writes how long the work waited for its turn and ran into the answer's `Server-Timing` header
 * (W3C Server Timing: browsers' developer tools show it, the auth bench reads it). The header says
 * nothing a client cannot time itself: the whole answer takes at least as long, and an unknown email
 * is checked against a dummy hash that costs what a real one costs.
 */
export function requestTimingOf(req: Request, res: Response): RequestTiming {
  return {
    arrivedAt: (req as ArrivedRequest)[ARRIVED_AT],
    timed: (timing) => {
      if (!res.headersSent) res.setHeader('Server-Timing', serverTimingOf(timing));
    },
  };
}
