/** One capture of a payment: money actually taken. */
export interface ProviderCapture {
  id: string;
  status: string;
  currencyCode: string;
  /** The captured amount in cents; undefined when the provider's amount could not be read. */
  amountCents: number | undefined;
  updateTime?: string;
}

/** One purchase unit of a payment: what it asks for, whom it is marked for, and its captures. */
export interface ProviderPurchaseUnit {
  /** PayPal's `custom_id` and `invoice_id`: the shop order the unit is marked for, when set. */
  customId?: string;
  invoiceId?: string;
  currencyCode: string;
  /** The unit's amount in cents; undefined when it could not be read. */
  amountCents: number | undefined;
  captures: ProviderCapture[];
}

/** A payment as the provider itself describes it (PayPal: an order of its Orders API). */
export interface ProviderPayment {
  id: string;
  status: string;
  /** PayPal's intent: CAPTURE, or AUTHORIZE (which the shop never takes). */
  intent: string;
  units: ProviderPurchaseUnit[];
  /** Every capture of every unit. */
  captures: ProviderCapture[];
  payerEmail?: string;
  updateTime?: string;
}

/** A refund the provider made (PayPal: Payments v2's refund of a capture). */
export interface ProviderRefund {
  id: string;
  status: string;
}

/** The provider refused to capture or refund, knowingly (PayPal's 422): nothing was taken or given back. */
export class PaymentRefusedError extends Error {
  constructor(
    readonly paymentId: string,
    /** PayPal's issue, e.g. ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, CAPTURE_FULLY_REFUNDED. */
    readonly issue: string,
  ) {
    super(`${paymentId} refused: ${issue}`);
    this.name = 'PaymentRefusedError';
  }
}

/** The provider has no such payment (or none this shop may see): a forged or mistyped id. */
export class PaymentNotFoundError extends Error {
  constructor(readonly paymentId: string) {
    super(`payment ${paymentId} not found`);
    this.name = 'PaymentNotFoundError';
  }
}

/** The provider could not be asked (down, slow, refusing our credentials): nothing is known either way. */
export class PaymentProviderUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PaymentProviderUnavailableError';
  }
}

/**
 * Where the shop checks a payment the browser reports. The orders service
 * never trusts the browser's word: it asks the provider.
 */
export abstract class PaymentProvider {
  /**
   * The provider's own account of a payment.
   * @throws PaymentNotFoundError when the provider does not know it.
   * @throws PaymentProviderUnavailableError when the provider cannot be asked.
   */
  abstract findPayment(id: string): Promise<ProviderPayment>;

  /**
   * Opens a payment of `totalCents` US cents marked for the shop order (PayPal: an order of intent
   * CAPTURE whose purchase unit carries the shop order id as `custom_id` and `invoice_id`); asking
   * again for the same shop order and amount answers the same payment. Answers its id.
   * @throws PaymentProviderUnavailableError when the provider cannot be asked.
   */
  abstract openPayment(shopOrderId: string, totalCents: number): Promise<string>;

  /**
   * Takes the money of a payment the buyer approved. `requestId` is the idempotency key (PayPal-Request-Id):
   * asking again with it answers the same capture and takes nothing more, also for a capture already made
   * whose answer was lost; a payment captured by anyone else is refused.
   * @throws PaymentNotFoundError when the provider does not know it.
   * @throws PaymentRefusedError when it cannot be captured (not approved, captured elsewhere, intent AUTHORIZE).
   * @throws PaymentProviderUnavailableError when the provider cannot be asked, or did not answer: it may have captured.
   */
  abstract capture(id: string, requestId: string): Promise<ProviderPayment>;

  /**
   * Gives back the whole of a capture. `requestId` is the idempotency key: asking again answers the same refund.
   * @throws PaymentNotFoundError when the provider does not know the capture.
   * @throws PaymentRefusedError when it refuses (CAPTURE_FULLY_REFUNDED: already given back; PENDING_CAPTURE…).
   * @throws PaymentProviderUnavailableError when the provider cannot be asked, or did not answer.
   */
  abstract refund(captureId: string, requestId: string): Promise<ProviderRefund>;
}
