/** An order as the stand-in keeps it in memory. */
import type { Amount, Money } from '../money.js';

export type OrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED';
export type CaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED';

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

export interface Capture {
  id: string;
  status: CaptureStatus;
  amount: Amount;
  /** PayPal's fee, kept to answer `seller_receivable_breakdown`. */
  fee: Amount;
  create_time: string;
  update_time: string;
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
  intent: 'CAPTURE';
  status: OrderStatus;
  purchase_units: PurchaseUnit[];
  payer?: Payer;
  create_time: string;
  update_time?: string;
  /** Where the approval page sends the buyer back, as the merchant asked at creation. */
  return_url?: string;
  cancel_url?: string;
}
