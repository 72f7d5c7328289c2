import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A message the catcher accepted: its envelope and its raw text (headers and body, dots unstuffed). */
export interface CaughtMail {
  from: string;
  recipients: string[];
  raw: string;
}

/** The value of a header of a raw message (its first occurrence, folded lines joined), or undefined. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r\n\r\n/, 1)[0].replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * A tiny SMTP server for tests (RFC 5321's commands a client needs to send one message, no
 * extensions): it keeps what it accepts, and can be stopped and started again on its port, or told
 * to refuse for a while (451), to play an SMTP server that is down or busy.
 */
export class SmtpCatcher {
  readonly caught: CaughtMail[] = [];
  /** Answer 451 to MAIL FROM while set. */
  refusing = false;
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  /** Listens on 127.0.0.1 (on a free port the first time, on the same port again after `stop`). */
  async start(): Promise<this> {
    const server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Stops listening and drops every connection: the server is down. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let data: string[] | undefined;
    let envelope: { from: string; recipients: string[] } = { from: '', recipients: [] };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 catcher ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            this.caught.push({ ...envelope, raw: data.join('\r\n') });
            data = undefined;
            envelope = { from: '', recipients: [] };
            say(`250 2.0.0 Ok: queued as ${this.caught.length}`);
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 catcher');
        else if (verb === 'MAIL') {
          if (this.refusing) say('451 4.3.0 Try again later');
          else {
            envelope = { from: line.slice(10).trim(), recipients: [] };
            say('250 2.1.0 Ok');
          }
        } else if (verb === 'RCPT') {
          envelope.recipients.push(line.slice(8).trim());
          say('250 2.1.5 Ok');
        } else if (verb === 'DATA') {
          data = [];
          say('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') say('250 2.0.0 Ok');
        else if (verb === 'QUIT') {
          say('221 2.0.0 Bye');
          socket.end();
        } else say('502 5.5.2 Command not recognized');
      }
    });
  }
}
