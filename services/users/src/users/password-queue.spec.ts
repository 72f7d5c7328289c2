import { PasswordQueue } from './password-queue.js';

/** A piece of work that runs until it is let go, and records when it started. */
function piece(started: string[], name: string): { work: () => Promise<string>; finish: () => void } {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets every settled piece's follow-up (the next piece's start) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PasswordQueue', () => {
  it('runs at most `concurrency` pieces at once and starts a waiting one as soon as one ends', async () => {
    const queue = new PasswordQueue(2);
    const started: string[] = [];
    const pieces = ['a', 'b', 'c'].map((name) => piece(started, name));
    const answers = pieces.map(({ work }, n) => queue.run(`client-${n}`, work));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([queue.activeCount, queue.pendingCount]).toEqual([2, 1]);
    pieces[1].finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([queue.activeCount, queue.pendingCount]).toEqual([2, 0]);
    pieces[0].finish();
    pieces[2].finish();
    await expect(Promise.all(answers)).resolves.toEqual(['a', 'b', 'c']);
    expect([queue.activeCount, queue.pendingCount]).toEqual([0, 0]);
  });

  it('serves a crowd of clients with one piece each in the order they came', async () => {
    const queue = new PasswordQueue(1);
    const started: string[] = [];
    const pieces = Array.from({ length: 6 }, (_, n) => piece(started, `person-${n}`));
    pieces.forEach(({ work }, n) => void queue.run(`address-${n}`, work));
    for (const { finish } of pieces) {
      await settle();
      finish();
    }
    await settle();
    expect(started).toEqual(pieces.map((_, n) => `person-${n}`));
  });

  it("serves waiting clients in turns: one client's burst delays a later client by one of its pieces, not by all of them", async () => {
    const queue = new PasswordQueue(1);
    const started: string[] = [];
    const burst = Array.from({ length: 5 }, (_, n) => piece(started, `burst-${n}`));
    burst.forEach(({ work }) => void queue.run('10.0.0.1', work));
    const late = [piece(started, 'later-a'), piece(started, 'later-b')];
    void queue.run('10.0.0.2', late[0].work);
    void queue.run('10.0.0.3', late[1].work);
    for (const { finish } of [...burst, ...late]) {
      await settle();
      finish();
    }
    await settle();
    expect(started).toEqual(['burst-0', 'burst-1', 'later-a', 'later-b', 'burst-2', 'burst-3', 'burst-4']);
  });

  it('counts the pieces that would start before a new one of a client', async () => {
    const queue = new PasswordQueue(1);
    const started: string[] = [];
    const running = piece(started, 'running');
    void queue.run('a', running.work);
    ['a', 'a', 'a', 'b', 'c', 'c'].forEach((client, n) => void queue.run(client, piece(started, `${client}-${n}`).work));
    await settle();
    expect(queue.pendingCount).toBe(6);
    // A client with nothing waiting comes after one piece of each client waiting: a, b, c.
    expect(queue.waitingBefore('d')).toBe(3);
    // b's next piece comes after its own one and two turns of the others: a, b, c, a, c.
    expect(queue.waitingBefore('b')).toBe(1 + 2 + 2);
    // a's fourth after its three and three turns of the others (b has one, c two).
    expect(queue.waitingBefore('a')).toBe(3 + 1 + 2);
  });

  it('passes a failure on to its caller and goes on with the next piece', async () => {
    const queue = new PasswordQueue(1);
    const failing = queue.run('a', () => Promise.reject(new Error('argon2 failed')));
    const next = queue.run('b', async () => 'next');
    await expect(failing).rejects.toThrow('argon2 failed');
    await expect(next).resolves.toBe('next');
    expect([queue.activeCount, queue.pendingCount]).toEqual([0, 0]);
  });
});
