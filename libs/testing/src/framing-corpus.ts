/**
 * Framings of HTTP/1.1 requests for request-smuggling tests (issue 21, section 1), byte for byte:
 * REFUSED_FRAMINGS are ambiguous (every hop must refuse them with 400 and close the connection),
 * FORWARDED_FRAMINGS are plain or odd but unambiguous (each must reach the service exactly as framed).
 * The gateway's desync suite and every service's framing test send them on raw sockets (rawExchange).
 */
export const HOST = 'Host: shop.test\r\n';

/** A request the services must receive, in order. */
export interface ForwardedRequest {
  method: string;
  url: string;
  body?: string | Buffer;
}

export interface FramingCase {
  name: string;
  raw: string;
  /**
   * The framing breaks inside the body (a bad chunk), after the head was whole: a server may already
   * have begun on the request, but must still answer 400 and close, and nothing whole reaches a service.
   */
  brokenBody?: true;
  /** What reaches the services; none: the request is refused (400, connection closed). */
  forwarded?: ForwardedRequest[];
}

const smuggledPut = `PUT /api/users/profile HTTP/1.1\r\n${HOST}Authorization: Bearer victim\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n{"name":"pwned"}\n`;
const smuggledGet = `GET /api/users/admin HTTP/1.1\r\n${HOST}\r\n`;

/** Ambiguous framings: every one is refused before any service sees it. */
export const REFUSED_FRAMINGS: FramingCase[] = [
  // CL.TE and TE.CL
  { name: 'CL.TE: Content-Length and chunked', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG` },
  { name: 'TE.CL: chunked and Content-Length', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n8\r\nSMUGGLED\r\n0\r\n\r\n` },
  { name: 'CL.TE with a smuggled request in the body', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: ${5 + smuggledGet.length}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${smuggledGet}` },
  // TE.TE obfuscations
  { name: 'TE: xchunked', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: xchunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: space before the colon', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding : chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: chunked, identity', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked, identity\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: identity', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: identity\r\n\r\nabc` },
  { name: 'TE: gzip, chunked', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: gzip, chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: twice', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: quoted', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: "chunked"\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: vertical tab before the value', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding:\x0bchunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: folded onto the next line (obs-fold)', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding:\r\n chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  { name: 'TE: chunked in HTTP/1.0', raw: `POST /api/orders HTTP/1.0\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` },
  // Framing headers named in Connection (the review's smuggle)
  { name: 'GET naming Content-Length in Connection, a request in its body', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}Connection: Content-Length\r\nContent-Length: ${smuggledPut.length}\r\n\r\n${smuggledPut}` },
  { name: 'GET naming Transfer-Encoding in Connection', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}Connection: keep-alive, Transfer-Encoding\r\nTransfer-Encoding: chunked\r\n\r\n${smuggledGet.length.toString(16)}\r\n${smuggledGet}\r\n0\r\n\r\n` },
  { name: 'Connection naming Host', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}Connection: close, host\r\n\r\n` },
  { name: 'POST naming content-length in Connection', raw: `POST /api/users/login HTTP/1.1\r\n${HOST}Connection: content-length\r\nContent-Length: 2\r\n\r\n{}` },
  // Content-Length oddities
  { name: 'CL: twice, the same', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc` },
  { name: 'CL: twice, different', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 3\r\nContent-Length: 40\r\n\r\nabc${smuggledGet}` },
  { name: 'CL: a list', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 3, 3\r\n\r\nabc` },
  { name: 'CL: negative', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: -1\r\n\r\nabc` },
  { name: 'CL: with a plus sign', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: +3\r\n\r\nabc` },
  { name: 'CL: hexadecimal', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 0x3\r\n\r\nabc` },
  { name: 'CL: not a number', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: abc\r\n\r\nabc` },
  { name: 'CL: larger than any integer', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 99999999999999999999999\r\n\r\nabc` },
  { name: 'CL: a space inside the number', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 1 0\r\n\r\nabcdefghij` },
  { name: 'CL: space before the colon', raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length : 3\r\n\r\nabc` },
  // Chunks
  { name: 'chunk size overflowing 64 bits', brokenBody: true, raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFF3\r\nabc\r\n0\r\n\r\n` },
  { name: 'chunk size not hexadecimal', brokenBody: true, raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n` },
  { name: 'chunk size negative', brokenBody: true, raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n-3\r\nabc\r\n0\r\n\r\n` },
  { name: 'chunk lines ended by bare LF', brokenBody: true, raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3\nabc\n0\n\n` },
  { name: 'chunk longer than its size', brokenBody: true, raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n` },
  // Lines and headers
  { name: 'obs-fold in another header', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}X-Note: one\r\n two\r\n\r\n` },
  { name: 'bare LF line endings', raw: `GET /api/orders/mine HTTP/1.1\n${HOST.trim()}\n\n` },
  { name: 'bare LF inside the head', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST.trim()}\nX-A: b\r\n\r\n` },
  { name: 'bare CR inside the head', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST.trim()}\rX-A: b\r\n\r\n` },
  { name: 'NUL in a header value', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}X-A: a\0b\r\n\r\n` },
  { name: 'two Host headers', raw: `GET /api/orders/mine HTTP/1.1\r\nHost: shop.test\r\nHost: evil.test\r\n\r\n` },
  { name: 'no Host in HTTP/1.1', raw: `GET /api/orders/mine HTTP/1.1\r\n\r\n` },
  // Targets
  { name: 'absolute-form target', raw: `GET http://evil.test/api/orders/mine HTTP/1.1\r\n${HOST}\r\n` },
  { name: 'asterisk-form target', raw: `OPTIONS * HTTP/1.1\r\n${HOST}\r\n` },
  { name: 'a refused request followed by a pipelined one', raw: `GET /api/orders/a HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n${smuggledGet}` },
];

/** Requests whose framing is plain, or odd but unambiguous: each reaches its service exactly as framed. */
export const FORWARDED_FRAMINGS: FramingCase[] = [
  { name: 'a plain GET', raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}\r\n`, forwarded: [{ method: 'GET', url: '/api/orders/mine' }] },
  {
    name: 'a POST with Content-Length',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 13\r\n\r\n{"items":[1]}`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: '{"items":[1]}' }],
  },
  {
    name: 'a chunked POST with chunk extensions',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3;name=value\r\nabc\r\n2\r\nde\r\n0\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abcde' }],
  },
  {
    name: 'a chunked POST with trailers',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Trailer: t\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abc' }],
  },
  {
    name: 'TE: CHUNKED in capitals',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding: CHUNKED\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abc' }],
  },
  {
    name: 'TE: a tab before chunked',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Transfer-Encoding:\tchunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abc' }],
  },
  {
    name: 'a GET with a body (framed, so forwarded framed)',
    raw: `GET /api/orders/mine HTTP/1.1\r\n${HOST}Content-Length: ${smuggledPut.length}\r\n\r\n${smuggledPut}`,
    forwarded: [{ method: 'GET', url: '/api/orders/mine', body: smuggledPut }],
  },
  {
    name: 'a DELETE with a chunked body',
    raw: `DELETE /api/orders/9 HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n${smuggledGet.length.toString(16)}\r\n${smuggledGet}\r\n0\r\n\r\n`,
    forwarded: [{ method: 'DELETE', url: '/api/orders/9', body: smuggledGet }],
  },
  {
    name: 'a request whose body holds a request',
    raw: `POST /api/users/login HTTP/1.1\r\n${HOST}Content-Length: ${smuggledPut.length}\r\n\r\n${smuggledPut}`,
    forwarded: [{ method: 'POST', url: '/api/users/login', body: smuggledPut }],
  },
  {
    name: 'three pipelined requests',
    raw:
      `GET /api/orders/1 HTTP/1.1\r\n${HOST}\r\n` +
      `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 3\r\n\r\nabc` +
      `POST /api/users/login HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n`,
    forwarded: [
      { method: 'GET', url: '/api/orders/1' },
      { method: 'POST', url: '/api/orders', body: 'abc' },
      { method: 'POST', url: '/api/users/login', body: 'hi' },
    ],
  },
  {
    name: 'pipelined requests after one with Connection: close',
    raw: `GET /api/orders/1 HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n${smuggledGet}`,
    forwarded: [{ method: 'GET', url: '/api/orders/1' }],
  },
  {
    name: 'HTTP/1.0 with Content-Length',
    raw: `POST /api/orders HTTP/1.0\r\n${HOST}Content-Length: 3\r\n\r\nabc`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: 'abc' }],
  },
  {
    name: 'Content-Length: 0',
    raw: `POST /api/orders HTTP/1.1\r\n${HOST}Content-Length: 0\r\n\r\n`,
    forwarded: [{ method: 'POST', url: '/api/orders', body: '' }],
  },
  {
    name: 'Expect: 100-continue',
    raw: `PUT /api/users/profile HTTP/1.1\r\n${HOST}Expect: 100-continue\r\nContent-Length: 4\r\n\r\nbody`,
    forwarded: [{ method: 'PUT', url: '/api/users/profile', body: 'body' }],
  },
  {
    name: 'Connection naming another header drops only that one',
    raw: `GET /api/orders/2 HTTP/1.1\r\n${HOST}Connection: keep-alive, x-hop\r\nX-Hop: gone\r\n\r\n`,
    forwarded: [{ method: 'GET', url: '/api/orders/2' }],
  },
  {
    name: 'a forged X-Forwarded-For',
    raw: `POST /api/users/login HTTP/1.1\r\n${HOST}X-Forwarded-For: 10.9.8.7\r\nContent-Length: 2\r\n\r\n{}`,
    forwarded: [{ method: 'POST', url: '/api/users/login', body: '{}' }],
  },
];

