import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { inlineScriptHashesOf } from './content-security-policy.js';
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

describe('inlineScriptHashesOf', () => {
  it("allows the page's inline scripts by their SHA-256, and nothing of scripts by address or of data blocks", () => {
    const html =
      '<head><script>!function(){document.documentElement.dataset.a="1"}();</script><script defer src="/main.js"></script>' +
      '<script type="application/json" id="shop-remotes">{"catalog":"/mf/catalog/x/remoteEntry.js"}</script>' +
      '<script type="application/ld+json">{}</script><script type="text/javascript">var b;</script></head>';

    expect(inlineScriptHashesOf(html)).toEqual([
      `'sha256-${createHash('sha256').update('!function(){document.documentElement.dataset.a="1"}();').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('var b;').digest('base64')}'`,
    ]);
    const csp = securityHeadersOf({ PAYPAL_SDK_ORIGIN: [] }, inlineScriptHashesOf(html))['content-security-policy'];
    expect(csp).toContain(`script-src 'self' ${inlineScriptHashesOf(html).join(' ')};`);
    expect(inlineScriptHashesOf('<html><body></body></html>')).toEqual([]);
  });
});
