import type { NextFunction, Request, Response } from 'express';

/**
 * `Cache-Control: no-store` on every `/api` answer of a service whose answers
 * carry a token or personal data (users: tokens, emails; orders: addresses,
 * payments), so that no browser, proxy or shared cache keeps a copy. A route
 * that sets its own Cache-Control afterwards still can.
 */
export function noStoreForApi(req: Request, res: Response, next: NextFunction): void {
  if ((req.originalUrl ?? req.url).startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
  next();
}
