/**
 * The SMTP side of a MailSender, in a worker thread of its own (SmtpThread): composing a mail (MIME,
 * quoted-printable) and speaking SMTP took a quarter of the orders process's event loop under a sale
 * (docs/order-pipeline.md, issue 44), so it runs beside the service's loop instead of on it. It keeps
 * nodemailer's pooled connections for as long as the thread lives, sends what the main thread hands
 * it and answers each mail's outcome; the outbox, the leases and the retries stay with the sender.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createTransport } from 'nodemailer';
import type { SmtpOutcome, SmtpRequest, SmtpThreadData } from './smtp-thread.js';

const { transport: options, nice } = workerData as SmtpThreadData;
// This thread only (Linux sets a thread's priority, and pid 0 is the calling thread): mails yield the CPU
// to the service's own work when the two compete, and use it when it is free. Where it cannot be set, it
// runs at the service's priority.
try {
  setPriority(nice);
} catch {
  // Not allowed here: the thread keeps the process's priority.
}
const transport = createTransport(options);
const port = parentPort;

async function outcomeOf(send: () => Promise<unknown>): Promise<SmtpOutcome> {
  try {
    await send();
    return { sent: true };
  } catch (error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    return { sent: false, error: error instanceof Error ? error.message : String(error), responseCode: typeof code === 'number' ? code : undefined };
  }
}

port?.on('message', (request: SmtpRequest) => {
  if (request.close) {
    transport.close();
    port.close();
    return;
  }
  void Promise.all(request.mails.map((mail) => outcomeOf(() => transport.sendMail(mail)))).then((outcomes) => port.postMessage({ id: request.id, outcomes }));
});
