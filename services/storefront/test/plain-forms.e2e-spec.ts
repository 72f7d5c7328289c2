import { Writable } from 'node:stream';
import request from 'supertest';
import { MAX_SEARCH_TEXT_LENGTH, SIGN_IN_HANDOFF_COOKIE, TOO_MANY_ACCOUNT_FAILURES, TOO_MANY_SIGN_IN_FAILURES, type UserInfoDto } from '@shop/contracts';
import { tooLargeMessage } from '@shop/service-kit';
import { deleteStream, dropDatabases, freePort, rawExchange, type ReceivedRequest, sendJson, startUsersService, testPrefix, type UsersService } from '@shop/testing';
import { startShop, startStorefront, type TestShop, type TestStorefront } from './support/storefront.js';

/*
 * The storefront's plain HTML forms (libs/contracts' plain-forms.ts), answered by the storefront server when the
 * browser submits them itself: the search box (GET /search?q=) and the sign-in form (POST /login).
 */

/** Every line the storefront server logs in this file (the logger is one per test file: the first app's). */
const logLines: string[] = [];
const logs = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

const FORM = 'application/x-www-form-urlencoded';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The handoff cookie of an answer's Set-Cookie headers, if any. */
function handoffCookieOf(setCookie: string[] | string | undefined): string | undefined {
  return [setCookie ?? []].flat().find((cookie) => /^(__Host-)?shop_signin=/.test(cookie));
}

/** The user's info the handoff cookie carries. */
function userInfoIn(cookie: string): UserInfoDto {
  const value = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
  return JSON.parse(decodeURIComponent(value)) as UserInfoDto;
}

describe('the plain forms with the real users service', () => {
  const prefix = testPrefix();
  const shopper = { name: 'Plain Form Shopper', email: `plain-forms-${prefix}@example.com`.toLowerCase(), password: 'Qv7#plain-forms-k2Zt' };
  let users: UsersService | undefined;
  let storefront: TestStorefront;
  let usersDown: TestStorefront;

  beforeAll(async () => {
    users = await startUsersService(prefix);
    storefront = await startStorefront({ USERS_URL: users.url, LOG_LEVEL: 'debug' }, logs);
    usersDown = await startStorefront({ USERS_URL: `http://127.0.0.1:${await freePort()}` });
    await request(users.url).post('/api/users').send(shopper).expect(201);
  }, 60_000);

  afterAll(async () => {
    await storefront?.close();
    await usersDown?.close();
    await users?.stop();
    await dropDatabases(prefix);
    await deleteStream(prefix);
  });

  /** The sign-in form posted as a browser posts it from the shop's own page (the shop's Referrer-Policy makes its Origin null). */
  const postForm = (target: string, fields: Record<string, string>, via = storefront) =>
    request(via.url).post(target).set('Content-Type', FORM).set('Origin', 'null').set('Sec-Fetch-Site', 'same-origin').send(form(fields));

  describe('the search box', () => {
    it('redirects to the search page of its text: spaces and slashes encoded, a blank or missing text home', async () => {
      const location = async (query: string) => {
        const res = await request(storefront.url).get(`/search${query}`).set('Accept', 'text/html').expect(303);
        expect(res.headers['cache-control']).toBe('public, max-age=300');
        return res.headers.location;
      };
      expect(await location('?q=desk+lamp')).toBe('/search/desk%20lamp');
      expect(await location('?q=AC%2FDC%20live')).toBe('/search/AC%2FDC%20live');
      expect(await location('?q=%20%20caf%C3%A9%20')).toBe('/search/caf%C3%A9');
      expect(await location('?q=first&q=second')).toBe('/search/first');
      expect(await location('?q=%20+')).toBe('/');
      expect(await location('?q=')).toBe('/');
      expect(await location('')).toBe('/');
      expect(await location('?other=1')).toBe('/');
      // What no form sends: broken escapes kept as text, broken UTF-8 as U+FFFD, never a 5xx.
      expect(await location('?q=%ZZ%')).toBe('/search/%25ZZ%25');
      expect(await location('?q=%ED%A0%80')).toBe('/search/%EF%BF%BD%EF%BF%BD%EF%BF%BD');
    });

    it('answers HEAD the same way', async () => {
      const res = await request(storefront.url).head('/search?q=lamp').expect(303);
      expect(res.headers.location).toBe('/search/lamp');
    });

    it('refuses a text over the catalog’s 100 characters with 400 rather than searching for part of it', async () => {
      expect(MAX_SEARCH_TEXT_LENGTH).toBe(100);
      expect((await request(storefront.url).get(`/search?q=${'a'.repeat(100)}`).expect(303)).headers.location).toBe(`/search/${'a'.repeat(100)}`);
      const res = await request(storefront.url).get(`/search?q=${'a'.repeat(101)}`).expect(400);
      expect(res.body).toEqual({ message: 'The search text is too long (100 characters at most)' });
    });
  });

  describe('the sign-in form', () => {
    it('signs the shopper in: 303 to the redirect marked for the first-paint script, the session in a short-lived cookie that page reads', async () => {
      const res = await postForm('/login?redirect=shipping', { email: shopper.email, password: shopper.password }).expect(303);

      expect(res.headers.location).toBe('/shipping#shop-signed-in');
      expect(res.headers['cache-control']).toBe('no-store');
      const cookie = handoffCookieOf(res.headers['set-cookie']) ?? '';
      // Not HttpOnly (the first-paint script reads it), not Secure over plain HTTP.
      expect(cookie.slice(cookie.indexOf(';'))).toBe('; Path=/; Max-Age=60; SameSite=Strict');
      const user = userInfoIn(cookie);
      expect(user).toMatchObject({ name: shopper.name, email: shopper.email, isAdmin: false, token: expect.any(String) });
      // The very session the API signs in with.
      const profile = await request((users as UsersService).url).get('/api/users/profile').set('Authorization', `Bearer ${user.token}`).expect(200);
      expect(profile.body).toMatchObject({ _id: user._id, email: shopper.email });
      // Neither the password nor the token is in any log line.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.filter((line) => line.includes(shopper.password) || line.includes(user.token))).toEqual([]);
    });

    it('takes the shop’s own origin, and sends a shopper with a redirect off the site home', async () => {
      const res = await request(storefront.url)
        .post('/login?redirect=//evil.example')
        .set('Content-Type', FORM)
        .set('Origin', storefront.url)
        .send(form({ email: shopper.email, password: shopper.password }))
        .expect(303);
      expect(res.headers.location).toBe('/#shop-signed-in');
      expect(handoffCookieOf(res.headers['set-cookie'])).toBeDefined();
    });

    it('sends a wrong password back to the form with error=credentials, a clean redirect kept, a hostile one dropped, no cookie', async () => {
      const wrong = { email: shopper.email, password: 'not-the-password-9' };
      const kept = await postForm('/login?redirect=order/42', wrong).expect(303);
      expect(kept.headers.location).toBe('/login?redirect=order/42&error=credentials');
      expect(kept.headers['set-cookie']).toBeUndefined();
      const dropped = await postForm('/login?redirect=//evil.example', wrong).expect(303);
      expect(dropped.headers.location).toBe('/login?error=credentials');
      const unknown = await postForm('/login', { email: `nobody-${prefix}@example.com`, password: 'whatever-it-is-7' }).expect(303);
      expect(unknown.headers.location).toBe('/login?error=credentials');
    });

    it('sends the shopper back with error=unavailable when the users service cannot be reached', async () => {
      const res = await postForm('/login?redirect=shipping', { email: shopper.email, password: shopper.password }, usersDown).expect(303);
      expect(res.headers.location).toBe('/login?redirect=shipping&error=unavailable');
      expect(res.headers['set-cookie']).toBeUndefined();
    });
  });
});

describe('the sign-in form in front of a stand-in users service', () => {
  let shop: TestShop;
  let signIns: () => ReceivedRequest[];
  const user: UserInfoDto = { _id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Ann "A/B" Smith; Jr.', email: 'ann@example.com', isAdmin: false, token: 'header.payload.signature' };

  beforeAll(async () => {
    shop = await startShop({ UPSTREAM_TIMEOUT_MS: '500' });
    signIns = () => shop.users.received.filter((received) => received.url === '/api/users/login');
  });

  afterAll(async () => {
    await shop?.close();
  });

  beforeEach(() => {
    shop.users.received.length = 0;
    shop.users.silentOn.clear();
    // As the users service: 200 with the user's info for the right password, 401 for any other.
    shop.users.handler = (req, res, stub) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        stub.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const { password } = JSON.parse(body.toString()) as { password: string };
        if (password === 'right password') sendJson(res, 200, user);
        else sendJson(res, 401, { message: 'Invalid email or password' });
      });
    };
  });

  const post = (target = '/login') => request(shop.storefront.url).post(target).set('Content-Type', FORM);

  it('asks the users service as the browser’s POST /api/users/login would: the same JSON, the shopper’s address, the request id', async () => {
    const res = await post('/login?redirect=profile').set('User-Agent', 'plain-form-test').send(form({ email: 'ann@example.com', password: 'right password' })).expect(303);

    expect(res.headers.location).toBe('/profile#shop-signed-in');
    expect(userInfoIn(handoffCookieOf(res.headers['set-cookie']) ?? '')).toEqual(user);
    const [signIn] = signIns();
    expect(signIns()).toHaveLength(1);
    expect(signIn.method).toBe('POST');
    expect(JSON.parse(signIn.body.toString())).toEqual({ email: 'ann@example.com', password: 'right password' });
    expect(signIn.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(signIn.body.length),
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-request-id': res.headers['x-request-id'],
      'user-agent': 'plain-form-test',
    });
  });

  it('says which error the form shows for each answer of the users service', async () => {
    const cases: [string, string][] = [
      ['400', 'credentials'],
      ['401', 'credentials'],
      ['429', 'failures'],
      ['429 account', 'account-failures'],
      ['503', 'busy'],
      ['500', 'unavailable'],
      ['404', 'unavailable'],
      // 200 that is no user's session (the echo).
      ['200', 'unavailable'],
    ];
    shop.users.handler = (req, res, stub) => {
      req.resume();
      const [status, of] = String(req.headers['x-stub-status']).split(' ');
      const message = of === 'account' ? TOO_MANY_ACCOUNT_FAILURES : status === '429' ? TOO_MANY_SIGN_IN_FAILURES : 'no';
      req.on('end', () => sendJson(res, Number(status), Number(status) === 200 ? { echo: true } : { message }));
      stub.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.alloc(0) });
    };
    const seen: [string, string][] = [];
    for (const [status] of cases) {
      const res = await post('/login?redirect=cart').set('X-Stub-Status', status).send(form({ email: 'ann@example.com', password: 'pw' })).expect(303);
      expect(res.headers['set-cookie']).toBeUndefined();
      seen.push([status, new URL(res.headers.location, 'http://shop').searchParams.get('error') ?? '']);
    }
    expect(seen).toEqual(cases);
  });

  it('says error=unavailable when the users service stays silent, never a 5xx', async () => {
    shop.users.silentOn.add('/api/users/login');
    const res = await post().send(form({ email: 'ann@example.com', password: 'right password' })).expect(303);
    expect(res.headers.location).toBe('/login?error=unavailable');
  });

  it('sends a form with a field missing, blank, given twice or too long back with error=credentials, without asking the users service', async () => {
    const bodies = [
      'email=ann%40example.com',
      'password=right+password',
      'email=&password=right+password',
      'email=ann%40example.com&email=bob%40example.com&password=right+password',
      form({ email: `${'a'.repeat(243)}@example.com`, password: 'right password' }),
      form({ email: 'ann@example.com', password: 'p'.repeat(1025) }),
      '',
    ];
    for (const body of bodies) expect((await post().send(body).expect(303)).headers.location).toBe('/login?error=credentials');
    expect(signIns()).toEqual([]);
  });

  describe('refuses, before asking the users service and with nothing given', () => {
    const refusals: { name: string; send: () => request.Test; status: number; message: string }[] = [
      { name: 'a post from another site’s page (Origin)', send: () => post().set('Origin', 'https://evil.example'), status: 403, message: 'A form of another site cannot post here' },
      { name: 'a post from another site’s page (Sec-Fetch-Site)', send: () => post().set('Sec-Fetch-Site', 'cross-site'), status: 403, message: 'A form of another site cannot post here' },
      { name: 'a post from a sibling site', send: () => post().set('Sec-Fetch-Site', 'same-site'), status: 403, message: 'A form of another site cannot post here' },
      { name: 'Origin: null without Sec-Fetch-Site to vouch for it', send: () => post().set('Origin', 'null'), status: 403, message: 'A form of another site cannot post here' },
      {
        name: 'a JSON body',
        send: () => request(shop.storefront.url).post('/login').set('Content-Type', 'application/json'),
        status: 415,
        message: 'The sign-in form is sent as application/x-www-form-urlencoded (UTF-8)',
      },
      {
        name: 'a body of another charset',
        send: () => request(shop.storefront.url).post('/login').set('Content-Type', `${FORM}; charset=iso-8859-1`),
        status: 415,
        message: 'The sign-in form is sent as application/x-www-form-urlencoded (UTF-8)',
      },
    ];

    it.each(refusals)('$name: $status { message }', async ({ send, status, message }) => {
      const res = await send().send(form({ email: 'ann@example.com', password: 'right password' })).expect(status);
      expect(res.body).toEqual({ message });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers.location).toBeUndefined();
      expect(signIns()).toEqual([]);
    });

    it('a body over 4 KB: 413, read and thrown away, the connection kept for the next request', async () => {
      const body = `email=ann%40example.com&password=${'p'.repeat(5 * 1024)}`;
      const head = `POST /login HTTP/1.1\r\nHost: shop.test\r\nContent-Type: ${FORM}\r\nContent-Length: ${body.length}\r\n\r\n`;
      const exchange = await rawExchange(shop.storefront.url, `${head}${body}GET /search?q=next HTTP/1.1\r\nHost: shop.test\r\n\r\n`);
      expect(exchange.answers.map((answer) => answer.status)).toEqual([413, 303]);
      expect(JSON.parse(exchange.answers[0].body.toString())).toEqual({ message: tooLargeMessage(4 * 1024) });
      expect(exchange.answers[0].headers['set-cookie']).toBeUndefined();
      expect(exchange.answers[1].headers.location).toBe('/search/next');
      expect(exchange.closedByServer).toBe(false);
      expect(signIns()).toEqual([]);
    });

    it('a chunked body that grows over 4 KB: 413, the connection closed after it', async () => {
      const chunk = `email=ann%40example.com&password=${'p'.repeat(5 * 1024)}`;
      const head = `POST /login HTTP/1.1\r\nHost: shop.test\r\nContent-Type: ${FORM}\r\nTransfer-Encoding: chunked\r\n\r\n`;
      const exchange = await rawExchange(shop.storefront.url, `${head}${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`);
      expect(exchange.answers.map((answer) => answer.status)).toEqual([413]);
      expect(exchange.answers[0].headers.connection).toBe('close');
      expect(exchange.closedByServer).toBe(true);
      expect(signIns()).toEqual([]);
    });
  });

  it('takes the shop’s own posts: no Fetch Metadata, Origin the request’s own, or Origin null vouched for by Sec-Fetch-Site', async () => {
    const fields = form({ email: 'ann@example.com', password: 'right password' });
    await post().send(fields).expect(303);
    await post().set('Origin', shop.storefront.url).set('Sec-Fetch-Site', 'same-origin').send(fields).expect(303);
    await post().set('Origin', 'null').set('Sec-Fetch-Site', 'same-origin').send(fields).expect(303);
    expect(signIns()).toHaveLength(3);
  });

  it('marks the cookie Secure when the browser came over HTTPS, and takes PUBLIC_URL’s origin as the shop’s own', async () => {
    const behindProxy = await startShop({ TRUST_PROXY: 'loopback', PUBLIC_URL: 'https://shop.example' });
    try {
      behindProxy.users.handler = shop.users.handler;
      const fields = form({ email: 'ann@example.com', password: 'right password' });
      const send = (origin: string) =>
        request(behindProxy.storefront.url).post('/login').set('Content-Type', FORM).set('X-Forwarded-Proto', 'https').set('Origin', origin).send(fields);
      const res = await send('https://shop.example').expect(303);
      const cookie = handoffCookieOf(res.headers['set-cookie']) ?? '';
      // __Host-: a neighbouring subdomain cannot set one of its own.
      expect(cookie.startsWith(`__Host-${SIGN_IN_HANDOFF_COOKIE}=`)).toBe(true);
      expect(cookie.split('; ').slice(1)).toEqual(['Path=/', 'Max-Age=60', 'SameSite=Strict', 'Secure']);
      // The storefront server's own address is not the shop's public one.
      await send(behindProxy.storefront.url).expect(403);
      expect(behindProxy.users.received.filter((received) => received.url === '/api/users/login')).toHaveLength(1);
    } finally {
      await behindProxy.close();
    }
    // A client's own claim of HTTPS, from an address not trusted as a proxy, is not believed (the gateway replaces the claim with what it saw).
    const untrusting = await startShop({ TRUST_PROXY: '10.0.0.1' });
    try {
      untrusting.users.handler = shop.users.handler;
      const claimed = await request(untrusting.storefront.url).post('/login').set('Content-Type', FORM).set('X-Forwarded-Proto', 'https').send(form({ email: 'ann@example.com', password: 'right password' })).expect(303);
      expect(handoffCookieOf(claimed.headers['set-cookie'])).not.toContain('Secure');
      expect(handoffCookieOf(claimed.headers['set-cookie'])?.startsWith(`${SIGN_IN_HANDOFF_COOKIE}=`)).toBe(true);
    } finally {
      await untrusting.close();
    }
  });

  it('leaves GET /login to the front end, and every other method of /search to it too', async () => {
    await request(shop.storefront.url).post('/search?q=lamp').expect(404);
    const page = await request(shop.storefront.url).get('/login');
    expect(page.status).not.toBe(303);
  });
});
