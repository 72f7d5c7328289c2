/**
 * Reads the body of POST /v2/payments/captures/{id}/refund as PayPal does: empty (or `{}`) for a
 * full refund, `amount` for part of it, and the optional `invoice_id` and `note_to_payer`.
 */
import { readAmount } from '../money.js';
import type { RefundRequest } from './order-store.js';
import { Issues, isPlainObject, optionalString, withoutUndefined } from '../validation.js';

export function readRefundRequest(body: unknown): RefundRequest {
  if (body === undefined) return {};
  const issues = new Issues();
  if (!isPlainObject(body)) {
    issues.malformed('MALFORMED_REQUEST_JSON', '/');
    issues.throwIfAny();
  }
  const request = body as Record<string, unknown>;
  const amount = request.amount === undefined ? undefined : readAmount(request.amount, '/amount', issues, 'positive');
  const texts = {
    invoice_id: optionalString(request, 'invoice_id', '/invoice_id', 127, issues),
    note_to_payer: optionalString(request, 'note_to_payer', '/note_to_payer', 255, issues),
  };
  issues.throwIfAny();
  return withoutUndefined({ amount, ...texts });
}
