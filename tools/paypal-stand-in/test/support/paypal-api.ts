/** Calls to a running stand-in the way a merchant's server makes them to PayPal. */
import request from 'supertest';
import type { PayPalStandIn } from '../../src/index.js';

/** A bearer token for the stand-in's own client id and secret. */
export async function accessToken(standIn: PayPalStandIn): Promise<string> {
  const res = await request(standIn.url)
    .post('/v1/oauth2/token')
    .auth(standIn.clientId, standIn.clientSecret)
    .type('form')
    .send({ grant_type: 'client_credentials' });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

/** A create-order body of one purchase unit. */
export const orderOf = (value: string | number, currency = 'USD', unit: Record<string, unknown> = {}) => ({
  intent: 'CAPTURE',
  purchase_units: [{ ...unit, amount: { currency_code: currency, value } }],
});

/** A bound API: `api.post(path)` etc. with the bearer token set. */
export function apiOf(standIn: PayPalStandIn, token: string) {
  const agent = request(standIn.url);
  const bearer = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => agent.get(path).set(bearer),
    post: (path: string) => agent.post(path).set(bearer),
    patch: (path: string) => agent.patch(path).set(bearer),
    /** Creates an order and answers its id. */
    async createOrder(value: string | number = '10.00', currency = 'USD'): Promise<string> {
      const res = await agent.post('/v2/checkout/orders').set(bearer).send(orderOf(value, currency));
      expect(res.status).toBe(201);
      return res.body.id as string;
    },
  };
}

/** PayPal's timestamps: UTC to the second, without milliseconds. */
export const PAYPAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
