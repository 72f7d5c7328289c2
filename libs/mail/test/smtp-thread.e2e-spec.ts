import { readdirSync, readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { eventually, SmtpCatcher } from '@shop/testing';
import { MAIL_THREAD_NICE, SmtpThread } from '../src/smtp-thread.js';

/** The niceness of each thread of this process (Linux: /proc/self/task/<tid>/stat, the 19th field). */
function nicenessOfThreads(): number[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return [];
    }
  });
}

/** nodemailer in a worker thread, against a real SMTP conversation. */
describe('SmtpThread', () => {
  let smtp: SmtpCatcher;
  const threads: SmtpThread[] = [];

  beforeAll(async () => {
    smtp = await new SmtpCatcher().start();
  });

  afterEach(async () => {
    await Promise.all(threads.splice(0).map((thread) => thread.close()));
    smtp.caught.length = 0;
  });

  afterAll(async () => {
    await smtp?.stop();
  });

  const thread = (idleMs?: number) => {
    const made = new SmtpThread({ url: smtp.url, pool: true, maxConnections: 2 } as ConstructorParameters<typeof SmtpThread>[0], idleMs);
    threads.push(made);
    return made;
  };
  const workerOf = (made: SmtpThread) => (made as unknown as { worker?: Worker }).worker;
  const mail = (n: number) => ({ from: 'shop@shop.test', to: `casey-${n}@example.com`, subject: `Mail ${n}`, text: `Hello ${n}` });

  it("sends a batch from a thread of its own and answers each mail's outcome in order", async () => {
    const made = thread();
    const outcomes = await made.send([mail(1), mail(2), mail(3)]);
    expect(outcomes).toEqual([{ sent: true }, { sent: true }, { sent: true }]);
    expect(smtp.caught.flatMap((caught) => caught.recipients).sort()).toEqual(['<casey-1@example.com>', '<casey-2@example.com>', '<casey-3@example.com>']);
    expect(workerOf(made)?.threadId).toBeGreaterThan(0);
  });

  it('runs its thread, and only it, at a lower priority, so that mails yield the CPU to the service', async () => {
    const before = nicenessOfThreads().filter((nice) => nice === MAIL_THREAD_NICE).length;
    await thread().send([mail(1)]);
    expect(nicenessOfThreads().filter((nice) => nice === MAIL_THREAD_NICE)).toHaveLength(before + 1);
    expect(nicenessOfThreads().filter((nice) => nice === 0).length).toBeGreaterThan(1);
  });

  it("answers a refused mail with the server's reply code, and the others as sent", async () => {
    smtp.refusing = true;
    try {
      const [outcome] = await thread().send([mail(1)]);
      expect(outcome).toMatchObject({ sent: false, responseCode: 451 });
    } finally {
      smtp.refusing = false;
    }
  });

  it('ends its thread after a while without mail, and starts one again for the next batch', async () => {
    const made = thread(200);
    await made.send([mail(1)]);
    const first = workerOf(made);
    expect(first).toBeDefined();
    await eventually(async () => (workerOf(made) === undefined ? true : undefined), 5_000, 'the idle thread ended');
    expect(await made.send([mail(2)])).toEqual([{ sent: true }]);
    expect(workerOf(made)).not.toBe(first);
  });

  it('fails the batches of a thread that died, and the next batch starts a new one', async () => {
    const made = thread();
    await made.send([mail(1)]);
    const dying = workerOf(made) as Worker;
    const lost = made.send([mail(2)]);
    await dying.terminate();
    await expect(lost).rejects.toThrow(/mail thread ended/);
    expect(await made.send([mail(3)])).toEqual([{ sent: true }]);
  });
});
