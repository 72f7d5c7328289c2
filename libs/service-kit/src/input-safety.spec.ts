import { createServer } from 'node:http';
import express from 'express';
import request from 'supertest';
import { bodyErrorHandler, MAX_JSON_BODY } from './errors.js';
import { answerParserErrors, MAX_JSON_DEPTH, refuseBrokenText, refuseDeepJson } from './input-safety.js';

/** The input checks as configureServiceApp installs them, in front of a route that echoes what got through. */
function app() {
  const http = express();
  http.use(express.json({ limit: MAX_JSON_BODY, verify: refuseDeepJson }));
  http.use(bodyErrorHandler);
  http.use(refuseBrokenText);
  http.all('/{*rest}', (req, res) => void res.json({ body: req.body ?? null, query: req.query }));
  return http;
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const post = (body: string, path = '/things') => request(app()).post(path).set('content-type', 'application/json').send(body);
const REFUSED = (where: string) => ({ message: `${where} must not contain control characters or broken unicode` });

describe('input safety', () => {
  it(`takes JSON nested ${MAX_JSON_DEPTH} deep, and refuses ${MAX_JSON_DEPTH + 1} and 6,000 levels with 400 before parsing`, async () => {
    await post(JSON.stringify({ a: JSON.parse(nested(MAX_JSON_DEPTH - 1)) })).expect(200);
    for (const depth of [MAX_JSON_DEPTH + 1, 6_000, 100_000]) {
      const res = await post(`{"unknown":${nested(depth)}}`).expect(400);
      expect(res.body).toEqual({ message: `JSON nested too deeply (${MAX_JSON_DEPTH} levels at most)` });
    }
  });

  it('counts brackets inside strings as text, escaped quotes included', async () => {
    const comment = `say \\"${'['.repeat(500)}`;
    const res = await post(JSON.stringify({ comment })).expect(200);
    expect(res.body.body.comment).toBe(comment);
  });

  it.each([
    ['a NUL', 'Ann\u0000'],
    ['an escape character', '\u001b[31mred'],
    ['DEL', 'x\u007f'],
    ['a C1 control', 'x\u0085y'],
    ['a lone high surrogate', 'Ann\ud800'],
    ['a lone low surrogate', '\udc00Ann'],
  ])('refuses a body text with %s (400, the field named)', async (_what, text) => {
    expect((await post(JSON.stringify({ name: text })).expect(400)).body).toEqual(REFUSED('name'));
    expect((await post(JSON.stringify({ shippingAddress: { city: text } })).expect(400)).body).toEqual(REFUSED('shippingAddress.city'));
    expect((await post(JSON.stringify({ orderItems: [{ product: text }] })).expect(400)).body).toEqual(REFUSED('orderItems.0.product'));
    expect((await post(JSON.stringify({ [text]: 1 })).expect(400)).body).toEqual(REFUSED('a field name'));
  });

  it('takes tabs and line breaks in a body, emoji and other scripts', async () => {
    const text = 'Line one\r\nline two\ttabbed — 😀 日本語 ｆｕｌｌ';
    expect((await post(JSON.stringify({ comment: text })).expect(200)).body.body).toEqual({ comment: text });
  });

  it('refuses control characters and broken encoding in the path and the query', async () => {
    expect((await request(app()).get('/api/products?keyword=a%00b').expect(400)).body).toEqual(REFUSED('query keyword'));
    expect((await request(app()).get('/api/products?keyword=%0A').expect(400)).body).toEqual(REFUSED('query keyword'));
    expect((await request(app()).get('/api/products?keyword=%ED%A0%80').expect(400)).body).toEqual({ message: 'Malformed URL encoding in the query string' });
    expect((await request(app()).get('/api/products?keyword=%E0%A4%A').expect(400)).body).toEqual({ message: 'Malformed URL encoding in the query string' });
    expect((await request(app()).get('/api/products/a%00b').expect(400)).body).toEqual(REFUSED('The request path'));
    expect((await request(app()).get('/api/products/%E0%A4%A').expect(400)).body).toEqual({ message: 'Malformed URL encoding in the request path' });
    expect((await request(app()).get('/api/products?keyword=caf%C3%A9+cr%C3%A8me&pageNumber=2').expect(200)).body.query).toEqual({ keyword: 'café crème', pageNumber: '2' });
  });

  it('judges a 1 MB body in one pass', async () => {
    const started = process.hrtime.bigint();
    const res = await post(JSON.stringify({ description: 'x'.repeat(1_000_000 - 40) })).expect(200);
    process.stdout.write(`1 MB body parsed and checked in ${Number(process.hrtime.bigint() - started) / 1e6} ms\n`);
    expect(res.body.body.description).toHaveLength(1_000_000 - 40);
  });
});

describe('answers of the HTTP parser', () => {
  it('answers a URL over 16 KB with 431 and a message', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    answerParserErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/x?q=${'a'.repeat(40_000)}`);
      expect(res.status).toBe(431);
      expect(await res.json()).toEqual({ message: 'Request URL or headers are too large' });
    } finally {
      server.close();
    }
  });
});
