/** One capture of a payment: money actually taken. */
export interface ProviderCapture {
  id: string;
  status: string;
  currencyCode: string;
  /** The captured amount in cents; undefined when the provider's amount could not be read. */
  amountCents: number | undefined;
  updateTime?: string;
}

/** A payment as the provider itself describes it (PayPal: an order of its Orders API). */
export interface ProviderPayment {
  id: string;
  status: string;
  captures: ProviderCapture[];
  payerEmail?: string;
  updateTime?: string;
  /** The shop order the payment was made for, when the payer's side set one (PayPal's `custom_id`). */
  shopOrderId?: string;
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
   * Takes the money of a payment the buyer approved; asking again answers the same capture.
   * @throws PaymentNotFoundError when the provider does not know it, or it cannot be captured (not approved).
   * @throws PaymentProviderUnavailableError when the provider cannot be asked.
   */
  abstract capture(id: string): Promise<ProviderPayment>;
}
