import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { readPastWriteFailures, upstreamConnector } from './upstream-connector.js';

/**
 * A service in a thread of its own, told when to answer: it then answers the request at once and resets
 * the connection (as a service that closes with a body still unread), and says so through `reset`.
 */
const RESETTING_SERVICE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createServer } = require('node:net');
const reset = new Int32Array(workerData.reset);
let connection;
const server = createServer((socket) => {
  connection = socket;
  socket.on('error', () => undefined);
  socket.once('data', () => parentPort.postMessage('read'));
});
parentPort.on('message', (message) => {
  if (message === 'stop') return server.close();
  connection.write(workerData.answer, () => {
    connection.once('close', () => { Atomics.store(reset, 0, 1); Atomics.notify(reset, 0); });
    connection.resetAndDestroy();
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

const ANSWER = 'HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json\r\nContent-Length: 13\r\nConnection: close\r\n\r\n{"message":1}';

interface ResettingService {
  port: number;
  /** Resolves once the service has read the start of a request. */
  read: Promise<unknown>;
  /**
   * Has the service answer and reset the connection while this thread is blocked: nothing of the
   * answer is read here before this thread's next write, the order in which the gateway lost it.
   */
  answerWhileBlocked(): void;
  stop(): Promise<void>;
}

async function startResettingService(): Promise<ResettingService> {
  const reset = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(RESETTING_SERVICE, { eval: true, workerData: { reset: reset.buffer, answer: ANSWER } });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  return {
    port,
    read: new Promise((resolve) => worker.once('message', resolve)),
    answerWhileBlocked() {
      worker.postMessage('answer');
      Atomics.wait(reset, 0, 0, 5_000);
    },
    async stop() {
      worker.postMessage('stop');
      await worker.terminate();
    },
  };
}

/** Writes the start of a request, has the service answer and reset, writes more: what was read, and the write's error. */
async function writeWhileAnswered(keepAnswer: boolean): Promise<{ read: string; writeError?: string }> {
  const service = await startResettingService();
  try {
    const socket = connect({ host: '127.0.0.1', port: service.port });
    if (keepAnswer) readPastWriteFailures(socket);
    let read = '';
    socket.on('data', (chunk: Buffer) => (read += chunk.toString()));
    socket.on('error', () => undefined);
    socket.write('POST /api/users/login HTTP/1.1\r\nHost: users\r\nContent-Length: 8388608\r\n\r\n{"email":"');
    await service.read;
    service.answerWhileBlocked();
    let writeError: string | undefined;
    socket.write('aaaa', (error) => (writeError = (error as NodeJS.ErrnoException | null | undefined)?.code));
    await new Promise((resolve) => socket.once('close', resolve));
    return { read, writeError };
  } finally {
    await service.stop();
  }
}

/** The same through an undici Pool, as the proxy sends a large body: the answer it delivers, or its error. */
async function sendWhileAnswered(connector: 'upstreamConnector' | "undici's own"): Promise<{ status: number; body: string } | { error: string }> {
  const service = await startResettingService();
  const pool = new Pool(`http://127.0.0.1:${service.port}`, {
    strictContentLength: true,
    ...(connector === 'upstreamConnector' ? { connect: upstreamConnector(1_000) } : { connectTimeout: 1_000 }),
  });
  try {
    const body = new PassThrough();
    const answer = pool.request({ path: '/api/users/login', method: 'POST', headers: { 'content-length': String(128 * 1024) }, body });
    body.write(Buffer.alloc(64 * 1024, 'a'));
    await service.read;
    service.answerWhileBlocked();
    body.end(Buffer.alloc(64 * 1024, 'a'));
    try {
      const { statusCode, body: answerBody } = await answer;
      return { status: statusCode, body: await answerBody.text() };
    } catch (error) {
      return { error: (error as NodeJS.ErrnoException).code ?? String(error) };
    }
  } finally {
    await pool.destroy();
    await service.stop();
  }
}

describe('readPastWriteFailures', () => {
  it('reads what the service answered before it reset the connection, after a write to it failed', async () => {
    expect(await writeWhileAnswered(true)).toEqual({ read: ANSWER, writeError: undefined });
  });

  it('is needed: Node alone destroys the socket at the failed write, the answer unread', async () => {
    const { read, writeError } = await writeWhileAnswered(false);
    expect(['EPIPE', 'ECONNRESET']).toContain(writeError);
    expect(read).toBe('');
  });
});

describe('upstreamConnector', () => {
  it("lets undici deliver the service's answer to a body it was still sending when the service answered and closed", async () => {
    expect(await sendWhileAnswered('upstreamConnector')).toEqual({ status: 413, body: '{"message":1}' });
  });

  it("is needed: with undici's own connector the request fails before any answer (the gateway's 503 of issue 38)", async () => {
    const outcome = await sendWhileAnswered("undici's own");
    expect(outcome).toEqual({ error: expect.stringMatching(/^(EPIPE|ECONNRESET)$/) as unknown });
  });
});
