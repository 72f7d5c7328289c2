import request from 'supertest';
import { startUsers, type TestUsers } from './support/users-app.js';

describe('users health and bad input', () => {
  let users: TestUsers;

  beforeAll(async () => {
    users = await startUsers();
  });

  afterAll(async () => {
    await users?.close();
  });

  it('is alive and ready', async () => {
    await request(users.http).get('/health').expect(200, { status: 'ok', service: 'users' });
    const deadline = Date.now() + 5000;
    let res = await request(users.http).get('/ready');
    while (res.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      res = await request(users.http).get('/ready');
    }
    expect(res.body).toEqual({ status: 'ok', service: 'users', checks: { database: 'ok', nats: 'ok', consumers: 'ok' } });
  });

  it('answers malformed JSON with 400 and a message, and creates nothing', async () => {
    for (const path of ['/api/users', '/api/users/login']) {
      const res = await request(users.http).post(path).set('content-type', 'application/json').send('{"email":');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Malformed JSON in the request body' });
    }
  });

  it("answers a body over the route's limit (a sign-up's 4 KB) with 413 and a message", async () => {
    const res = await request(users.http)
      .post('/api/users')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(5_000), email: 'big@example.com', password: 'long-enough' }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large (4 KB at most)' });
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await request(users.http).post('/api/users').set('content-type', 'application/json').send('[1,2]');
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('documents every users call in its OpenAPI document', async () => {
    const { body } = await request(users.http).get('/openapi.json').expect(200);
    expect(Object.keys(body.paths).sort()).toEqual(
      [
        '/.well-known/jwks.json',
        '/api/users',
        '/api/users/export',
        '/api/users/login',
        '/api/users/logout',
        '/api/users/password-reset',
        '/api/users/password-reset/confirm',
        '/api/users/profile',
        '/api/users/{id}',
      ].sort(),
    );
    expect(Object.keys(body.paths['/api/users/{id}']).sort()).toEqual(['delete', 'get', 'put']);
  });
});
