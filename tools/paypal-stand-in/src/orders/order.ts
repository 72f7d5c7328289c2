/** An order as the stand-in keeps it in memory. */
import type { Amount, Money } from '../money.js';

export type OrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED';
export type OrderIntent = 'CAPTURE' | 'AUTHORIZE';
/** What a capture is made with; a refund then moves a completed one on to (PARTIALLY_)REFUNDED. */
export type CaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED';
export type CaptureState = CaptureStatus | 'PARTIALLY_REFUNDED' | 'REFUNDED';

/** The buyer who approved an order (PayPal's `payer`). */
export interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}

/** The merchant who is paid (PayPal's `payee`). */
export interface Payee {
  email_address: string;
  merchant_id: string;
}

/** A refund of (part of) a capture (Payments v2). */
export interface Refund {
  id: string;
  status: 'COMPLETED';
  amount: Amount;
  /** The share of PayPal's fee given back, kept to answer `seller_payable_breakdown`. */
  feeRefunded: Amount;
  invoice_id?: string;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
}

export interface Capture {
  id: string;
  status: CaptureState;
  amount: Amount;
  /** PayPal's fee, kept to answer `seller_receivable_breakdown`. */
  fee: Amount;
  create_time: string;
  update_time: string;
  /** Refunds made of it, oldest first. */
  refunds: Refund[];
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Amount & { breakdown?: Record<string, Money> };
  payee: Payee;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  /** Passed through as the merchant sent them. */
  items?: unknown[];
  shipping?: Record<string, unknown>;
  capture?: Capture;
}

export interface Order {
  id: string;
  intent: OrderIntent;
  status: OrderStatus;
  purchase_units: PurchaseUnit[];
  payer?: Payer;
  create_time: string;
  update_time?: string;
  /** Where the approval page sends the buyer back, as the merchant asked at creation. */
  return_url?: string;
  cancel_url?: string;
}
