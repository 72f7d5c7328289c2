import request from 'supertest';
import { Subjects, subjectsProducedBy } from '@shop/contracts';
import { producedContractProblems, subjectsAmong } from '@shop/testing';
import { ADMIN, eventsAbout, publishedEvents, registerCustomer, signInAdmin, startUsers, type Bearer, type TestUsers } from './support/users-app.js';

describe('user events', () => {
  let users: TestUsers;
  let admin: { Authorization: string };

  beforeAll(async () => {
    users = await startUsers();
    admin = (await signInAdmin(users)).auth;
  });

  afterAll(async () => {
    await users?.close();
  });

  const updateProfile = (auth: Bearer, body: object) => request(users.http).put('/api/users/profile').set(auth).send(body).expect(200);

  it('publishes user.created for the seeded admin', async () => {
    const [row] = await users.dataSource.query<{ id: string }[]>('SELECT id FROM app_user WHERE email = $1', [ADMIN.email]);
    const events = await publishedEvents(users);
    expect(eventsAbout(events, Subjects.UserCreated, row.id).map((event) => event.data)).toEqual([{ id: row.id, name: 'Admin User', email: ADMIN.email, isAdmin: true, sessionVersion: 1 }]);
  });

  it('publishes user.created, user.updated and user.deleted through the outbox, in order, without passwords, each with its request id', async () => {
    const customer = await registerCustomer(users, { name: 'Evented' });
    const id = customer.info._id;
    const requestIds = ['profile-update-1', 'admin-update-1', 'admin-delete-1'].map((name) => `${name}-${id}`);
    await request(users.http).put('/api/users/profile').set(customer.auth).set('x-request-id', requestIds[0]).send({ name: 'Evented Again', email: customer.email }).expect(200);
    await request(users.http).put(`/api/users/${id}`).set(admin).set('x-request-id', requestIds[1]).send({ name: 'By Admin', email: customer.email, isAdmin: false }).expect(200);
    await request(users.http).delete(`/api/users/${id}`).set(admin).set('x-request-id', requestIds[2]).expect(200);

    const events = await publishedEvents(users);
    const mine = events.filter((event) => (event.data as { id?: string }).id === id);
    expect(mine.map((event) => event.subject)).toEqual([Subjects.UserCreated, Subjects.UserUpdated, Subjects.UserUpdated, Subjects.UserDeleted]);
    expect(mine.map((event) => event.data)).toEqual([
      { id, name: 'Evented', email: customer.email, isAdmin: false, sessionVersion: 1 },
      { id, name: 'Evented Again', email: customer.email, isAdmin: false, sessionVersion: 1 },
      { id, name: 'By Admin', email: customer.email, isAdmin: false, sessionVersion: 1 },
      { id },
    ]);
    // The registration's own request id (a new one: the test sent none), then the ids the test sent.
    expect(mine.map((event) => event.correlationId)).toEqual([expect.any(String), ...requestIds]);
    for (const event of mine) {
      expect(event).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        subject: event.subject,
        occurredAt: expect.any(String),
        correlationId: event.correlationId,
        data: event.data,
      });
    }
    expect(JSON.stringify(events)).not.toMatch(/password|argon2/i);
  });

  it('publishes every subject it owns keeping its contract (the one the other services check what they read against)', async () => {
    const customer = await registerCustomer(users, { name: 'Contract Keeper' });
    await updateProfile(customer.auth, { name: 'Contract Keeper II', email: customer.email });
    await request(users.http).delete(`/api/users/${customer.info._id}`).set(admin).expect(200);

    const events = await publishedEvents(users);
    expect(subjectsAmong('users', events)).toEqual(subjectsProducedBy('users').sort());
    expect(producedContractProblems('users', events)).toEqual([]);
  });

  it('publishes nothing for a rejected change', async () => {
    const customer = await registerCustomer(users, { name: 'Quiet' });
    const before = (await publishedEvents(users)).length;
    await request(users.http).post('/api/users').send({ name: 'Twin', email: customer.email, password: 'twin-secret' }).expect(400);
    await request(users.http).put('/api/users/profile').set(customer.auth).send({ name: 'X', email: customer.email, isAdmin: true }).expect(400);
    await request(users.http).delete(`/api/users/${(await signInAdmin(users)).info._id}`).set(admin).expect(400);
    expect((await publishedEvents(users)).length).toBe(before);
  });

  it('tells the others of a new session version when the password or the role changes or the user signs out', async () => {
    const customer = await registerCustomer(users, { name: 'Same Face' });
    await updateProfile(customer.auth, { name: 'Same Face', email: customer.email, password: 'a-new-secret', currentPassword: customer.password });
    await request(users.http).put(`/api/users/${customer.info._id}`).set(admin).send({ name: 'Same Face', email: customer.email, isAdmin: true }).expect(200);
    const promoted = await request(users.http).post('/api/users/login').send({ email: customer.email, password: 'a-new-secret' }).expect(200);
    await request(users.http).post('/api/users/logout').set({ Authorization: `Bearer ${promoted.body.token}` }).expect(204);
    expect(eventsAbout(await publishedEvents(users), Subjects.UserUpdated, customer.info._id).map((event) => event.data)).toEqual([
      { id: customer.info._id, name: 'Same Face', email: customer.email, isAdmin: false, sessionVersion: 2 },
      { id: customer.info._id, name: 'Same Face', email: customer.email, isAdmin: true, sessionVersion: 3 },
      { id: customer.info._id, name: 'Same Face', email: customer.email, isAdmin: true, sessionVersion: 4 },
    ]);
  });
});
