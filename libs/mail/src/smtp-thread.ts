import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';

/** What the thread is started with: nodemailer's pooled SMTP transport options. */
export interface SmtpThreadData {
  transport: SMTPPool.Options;
  /** The thread's niceness (MAIL_THREAD_NICE). */
  nice: number;
}

/**
 * How much the mail thread yields the CPU (Linux niceness, 0 to 19): a mail may wait a moment, an order
 * may not. Under the order pipeline's load the thread at the process's own priority took its share of
 * the two cores from placing orders; at 10 it gets about a tenth of a contended core and all of a free one.
 */
export const MAIL_THREAD_NICE = 10;

/** A request to the thread: mails to send, or to close its connections and end. */
export type SmtpRequest = { id: number; mails: Mail.Options[]; close?: undefined } | { close: true };

/** One mail's outcome: sent, or the error and the SMTP reply code (5xx: refused for good). */
export type SmtpOutcome = { sent: true } | { sent: false; error: string; responseCode?: number };

/** A mail the thread could not send, as nodemailer would have thrown it: the reply code kept. */
export class SmtpError extends Error {
  constructor(
    message: string,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'SmtpError';
  }
}

/** The compiled worker: beside this module in dist, or in dist when this module runs from src (tests). */
function workerFile(): URL {
  const beside = new URL('./smtp-worker.js', import.meta.url);
  return existsSync(beside) ? beside : new URL('../dist/smtp-worker.js', import.meta.url);
}

/**
 * nodemailer in a worker thread (smtp-worker.ts): `send` hands it a batch of mails and answers each
 * one's outcome. The thread starts with the first batch and ends after `idleMs` without one (an idle
 * service keeps no thread and no connection); if it dies, the batches it held fail (their mails are
 * retried by the sender) and the next batch starts a new one.
 */
export class SmtpThread {
  private worker?: Worker;
  private nextId = 1;
  /** The batches sent and not yet answered: the thread that holds each, and its answer. */
  private readonly waiting = new Map<
    number,
    { worker: Worker; answer?: Promise<SmtpOutcome[]>; resolve: (outcomes: SmtpOutcome[]) => void; reject: (error: Error) => void }
  >();
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly transport: SMTPPool.Options,
    private readonly idleMs = 30_000,
  ) {}

  /** Sends the mails (concurrently, over the pool's connections); answers their outcomes in the same order. */
  send(mails: Mail.Options[]): Promise<SmtpOutcome[]> {
    if (mails.length === 0) return Promise.resolve([]);
    clearTimeout(this.idleTimer);
    const worker = this.started();
    const id = this.nextId++;
    const answer = new Promise<SmtpOutcome[]>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve, reject });
      worker.postMessage({ id, mails } satisfies SmtpRequest);
    });
    const entry = this.waiting.get(id);
    if (entry) entry.answer = answer;
    return answer;
  }

  /** Closes the connections and ends the thread, once the batches under way are answered. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    await Promise.allSettled([...this.waiting.values()].map((entry) => entry.answer));
    const worker = this.worker;
    if (!worker || this.waiting.size > 0) return;
    this.worker = undefined;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ close: true } satisfies SmtpRequest);
    // A thread that does not end by itself (a connection that will not close) is ended.
    const forced = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(forced);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile(), { workerData: { transport: this.transport, nice: MAIL_THREAD_NICE } satisfies SmtpThreadData });
    worker.on('message', ({ id, outcomes }: { id: number; outcomes: SmtpOutcome[] }) => {
      const entry = this.waiting.get(id);
      this.waiting.delete(id);
      entry?.resolve(outcomes);
      if (this.waiting.size === 0 && this.worker === worker) {
        this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
        this.idleTimer.unref();
      }
    });
    // Only the batches this thread held: a thread ended for idleness may exit after the next one started.
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, entry] of this.waiting) {
        if (entry.worker !== worker) continue;
        this.waiting.delete(id);
        entry.reject(error);
      }
    };
    worker.on('error', (error) => failAll(error));
    worker.on('exit', (code) => failAll(new Error(`the mail thread ended (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
