import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { securityHeadersOf, shopHelmet } from './security-headers.js';

describe('securityHeadersOf', () => {
  it("is exactly what helmet sets on an answer, computed once (helmet's headers depend on no request)", () => {
    for (const PAYPAL_SDK_ORIGIN of [[], ['https://www.paypal.com', 'https://*.paypalobjects.com']]) {
      const req = new IncomingMessage(new Socket());
      const res = new ServerResponse(req);
      res.setHeader('X-Powered-By', 'Express');
      let failure: unknown;
      shopHelmet({ PAYPAL_SDK_ORIGIN })(req, res, (error?: unknown) => (failure = error));
      expect(failure).toBeUndefined();
      expect(securityHeadersOf({ PAYPAL_SDK_ORIGIN })).toEqual(res.getHeaders());
    }
  });
});
