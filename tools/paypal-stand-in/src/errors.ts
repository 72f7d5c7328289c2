/**
 * PayPal's error answers: `{ name, message, debug_id, details: [{ issue, description, … }], links }`
 * for the REST API, and OAuth's own `{ error, error_description }` for the token endpoint.
 */
import { newDebugId } from './ids.js';

/** The descriptions PayPal gives with each issue code the stand-in can raise. */
export const ISSUE_DESCRIPTIONS = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long.',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
  INVALID_CURRENCY_CODE:
    'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  CANNOT_BE_ZERO_OR_NEGATIVE: 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_NEGATIVE: 'Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported.',
  AMOUNT_MISMATCH: 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  ITEM_TOTAL_MISMATCH: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  ITEM_TOTAL_REQUIRED:
    'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
  CURRENCY_MISMATCH: 'Currency code should be the same for all amounts of a purchase unit.',
  REFERENCE_ID_REQUIRED: "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
  DUPLICATE_REFERENCE_ID: "'reference_id' must be unique if multiple 'purchase_unit' are provided.",
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  ORDER_COMPLETED_OR_VOIDED: 'Order is voided or completed and hence cannot be processed.',
  ACTION_DOES_NOT_MATCH_INTENT:
    "Order was created with an intent to 'AUTHORIZE'. Please use v2/checkout/orders/order_id/authorize to complete the transaction or alternately, create an order with an intent of 'CAPTURE'.",
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture.',
  PENDING_CAPTURE: 'Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check or bank account.',
  REFUND_NOT_ALLOWED: 'Refund cannot be issued for this capture.',
  // Not PayPal's: what the stand-in does not keep of the contract.
  UPDATE_NOT_SUPPORTED_BY_STAND_IN: 'The PayPal stand-in does not update orders: create a new order instead.',
  UNKNOWN_FIELD: 'This field is not accepted by this stand-in endpoint.',
} as const;

export type IssueCode = keyof typeof ISSUE_DESCRIPTIONS;

/** One entry of an error's `details`. */
export interface ErrorDetail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'header' | 'query';
  issue: IssueCode;
  description: string;
}

/** An issue found in a request, before it becomes an error detail. */
export interface Issue {
  issue: IssueCode;
  field?: string;
  value?: string;
}

const detailOf = ({ issue, field, value }: Issue): ErrorDetail => ({
  ...(field === undefined ? {} : { field }),
  ...(value === undefined ? {} : { value }),
  ...(field === undefined ? {} : { location: 'body' as const }),
  issue,
  description: ISSUE_DESCRIPTIONS[issue],
});

/** Which of PayPal's APIs an error belongs to: its information links point at that API's reference. */
type Api = 'orders' | 'payments';

const informationLink = (issue: string, api: Api = 'orders') => ({
  href: `https://developer.paypal.com/docs/api/${api}/v2/#error-${issue}`,
  rel: 'information_link',
  method: 'GET',
});

/** An error the stand-in answers with, as PayPal would: an HTTP status and PayPal's body. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? body.error_description ?? body.name ?? `PayPal error ${status}`));
  }
}

function apiError(status: number, name: string, message: string, issues: Issue[], api: Api = 'orders'): PayPalError {
  return new PayPalError(status, {
    name,
    message,
    debug_id: newDebugId(),
    ...(issues.length ? { details: issues.map(detailOf) } : {}),
    links: issues.length ? issues.map((i) => informationLink(i.issue, api)) : [informationLink(name, api)],
  });
}

/** 400: the request is not well-formed or violates the schema. */
export const invalidRequest = (issues: Issue[]): PayPalError =>
  apiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issues);

/** 422: the request is well-formed but fails business validation. */
export const unprocessableEntity = (issues: Issue[]): PayPalError =>
  apiError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issues);

/** 422 of the Payments API (refunds): its information links point at the Payments reference. */
export const unprocessablePayment = (issues: Issue[]): PayPalError =>
  apiError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issues, 'payments');

/** 404: no such order (or capture). */
export const resourceNotFound = (): PayPalError =>
  apiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ issue: 'INVALID_RESOURCE_ID' }]);

/** 404 for a path the stand-in does not serve. */
export const routeNotFound = (): PayPalError =>
  new PayPalError(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', debug_id: newDebugId() });

/** 503 (or another status a test asks for): PayPal is down. */
export const serviceUnavailable = (status = 503): PayPalError =>
  new PayPalError(status, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.', debug_id: newDebugId() });

/** 405 for a known path called with another method. */
export const methodNotSupported = (): PayPalError =>
  new PayPalError(405, { name: 'METHOD_NOT_SUPPORTED', message: 'The server does not implement the requested HTTP method.', debug_id: newDebugId() });

/** 401 on the REST API: no bearer token, or one the stand-in did not issue (or that expired). */
export const authenticationFailure = (): PayPalError =>
  new PayPalError(401, {
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
  });

/** 401 on the token endpoint: unknown client id or wrong secret. */
export const invalidClient = (): PayPalError =>
  new PayPalError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });

/** 400 on the token endpoint: no or another grant type than client_credentials. */
export const unsupportedGrantType = (grantType: string | null): PayPalError =>
  new PayPalError(400, {
    error: 'unsupported_grant_type',
    error_description: grantType ? 'unsupported grant_type' : 'Grant Type is NULL',
  });

/**
 * Throws the collected issues as PayPal does: schema problems (400) first,
 * business-rule problems (422) only for a request that is well-formed.
 */
export function throwIssues(schema: Issue[], business: Issue[]): void {
  if (schema.length) throw invalidRequest(schema);
  if (business.length) throw unprocessableEntity(business);
}
