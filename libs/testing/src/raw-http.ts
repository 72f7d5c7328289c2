import { connect } from 'node:net';

/** One answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What a raw exchange gave: the answers, in order, and whether the server closed the connection. */
export interface RawExchange {
  answers: RawAnswer[];
  /** Bytes after the last whole answer (an answer cut short, or garbage). */
  rest: Buffer;
  closedByServer: boolean;
}

/**
 * Sends `bytes` as they are on a new connection from `localAddress` (127.0.0.1 unless given: a
 * client of its own) and reads until the server closes or stays silent for `idleMs` (the client
 * keeps its side open: Node drops answers still pending when a client half-closes). Nothing is
 * framed or fixed up: this is how the hostile cases reach the gateway.
 */
export function rawExchange(url: string, bytes: Buffer | string, options: { localAddress?: string; idleMs?: number } = {}): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress: options.localAddress });
    const chunks: Buffer[] = [];
    let closedByServer = false;
    let idle: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(idle);
      socket.destroy();
      const all = Buffer.concat(chunks);
      const { answers, rest } = parseAnswers(all);
      resolve({ answers, rest, closedByServer });
    };
    const rearm = () => {
      clearTimeout(idle);
      idle = setTimeout(finish, options.idleMs ?? 400);
    };
    socket.on('connect', () => {
      socket.write(bytes);
      rearm();
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      rearm();
    });
    socket.on('end', () => {
      closedByServer = true;
    });
    socket.on('close', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the server answered and closed is a close, not a failure of the test.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') closedByServer = true;
      else reject(error);
    });
  });
}

/**
 * Reads HTTP/1.1 answers one after the other: status line, headers, then a body framed by
 * Content-Length or chunked (none for 1xx, 204, 304). Stops at the first thing that is not a whole answer.
 */
export function parseAnswers(data: Buffer): { answers: RawAnswer[]; rest: Buffer } {
  const answers: RawAnswer[] = [];
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd === -1) break;
    const lines = data.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
    if (!status) break;
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      headers[name] = name in headers ? `${headers[name]}, ${line.slice(colon + 1).trim()}` : line.slice(colon + 1).trim();
    }
    let bodyAt = headEnd + 4;
    const code = Number(status[1]);
    let body: Buffer = Buffer.alloc(0);
    if (code >= 200 && code !== 204 && code !== 304) {
      if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
        const parts: Buffer[] = [];
        for (;;) {
          const sizeEnd = data.indexOf('\r\n', bodyAt);
          if (sizeEnd === -1) return { answers, rest: data.subarray(at) };
          const size = parseInt(data.subarray(bodyAt, sizeEnd).toString('latin1'), 16);
          if (!Number.isFinite(size)) return { answers, rest: data.subarray(at) };
          if (size === 0) {
            // "0\r\n\r\n", or "0\r\n" trailers "\r\n\r\n".
            const end = data.indexOf('\r\n\r\n', sizeEnd);
            if (end === -1) return { answers, rest: data.subarray(at) };
            bodyAt = end + 4;
            break;
          }
          if (data.length < sizeEnd + 2 + size + 2) return { answers, rest: data.subarray(at) };
          parts.push(data.subarray(sizeEnd + 2, sizeEnd + 2 + size));
          bodyAt = sizeEnd + 2 + size + 2;
        }
        body = Buffer.concat(parts);
      } else if (headers['content-length'] !== undefined) {
        const length = Number(headers['content-length']);
        if (data.length < bodyAt + length) return { answers, rest: data.subarray(at) };
        body = data.subarray(bodyAt, bodyAt + length);
        bodyAt += length;
      } else {
        // Until the connection closes.
        body = data.subarray(bodyAt);
        bodyAt = data.length;
      }
    }
    answers.push({ status: code, headers, body });
    at = bodyAt;
  }
  return { answers, rest: data.subarray(at) };
}
