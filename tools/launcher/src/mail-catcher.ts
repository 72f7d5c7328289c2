/**
 * The mail catcher `npm start` runs outside production when no SMTP server is configured (docs/mail.md):
 * an SMTP server (smtp-server, nodemailer's) that keeps every mail as a file in a folder, the newest
 * `maxMails`, and a web page and REST API over them on another port. The API answers as MailDev's did
 * (`GET /api/email`, `/api/email/:id`, `/api/email/:id/html`, `/api/email/:id/download`, `DELETE
 * /api/email/all`, `/api/healthz`), so what read MailDev reads this.
 *
 * Why not MailDev: it held ~80 MB of its own idle (its web UI, socket.io, an MCP server and jsdom load at
 * start), the largest part of the stack after PostgreSQL, and kept every mail parsed in memory. This one
 * keeps only the files' names in memory; a mail is parsed (mailparser, loaded on the first read) only
 * when someone reads it.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AddressObject, ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Where the catcher listens and keeps its mails. */
export interface MailCatcherPlan {
  host: string;
  smtpPort: number;
  webPort: number;
  /** The folder of the mails, one `.eml` file each; kept across restarts. */
  mailDir: string;
  /** The newest this many are kept; older ones are deleted as new ones arrive (and at start). */
  maxMails: number;
}

/** An address as MailDev's API showed it. */
interface Address {
  address: string;
  name: string;
}

/** A mail as the REST API shows it (MailDev's fields that the shop's tests and docs use, and a few more). */
export interface CaughtMail {
  id: string;
  /** When the catcher received it (ISO 8601). */
  time: string;
  subject: string;
  from: Address[];
  to: Address[];
  cc: Address[];
  date?: string;
  messageId?: string;
  /** Each header once, by its lower-case name, as written (folded lines joined). */
  headers: Record<string, string>;
  text: string;
  html?: string;
  size: number;
}

/** Mail files are named `{receipt time in ms, 13 digits}-{random}.eml`: sorted by name, oldest first. */
const MAIL_FILE = /^(\d{13})-[0-9a-f]{12}\.eml$/;
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

function addressesOf(header: AddressObject | AddressObject[] | undefined): Address[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => (entry.group ?? [entry]).map((one) => ({ address: one.address ?? '', name: one.name }))),
  );
}

function headersOf(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    if (key in headers) continue;
    headers[key] = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
  }
  return headers;
}

/** The mails in a folder: received over SMTP, listed, read and deleted. */
export class MailFolder {
  /** The files' ids, oldest first. */
  private ids: string[] = [];
  /** The receipt time of the newest, so that ids keep the order of arrival within a millisecond too. */
  private lastTime = 0;

  constructor(
    private readonly dir: string,
    private readonly maxMails: number,
  ) {}

  /** Reads the folder (creating it), deleting what is beyond the newest `maxMails` and unfinished files. */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const names = (await readdir(this.dir)).sort();
    for (const name of names) if (name.endsWith('.part')) await rm(join(this.dir, name), { force: true });
    this.ids = names.filter((name) => MAIL_FILE.test(name)).map((name) => name.slice(0, -'.eml'.length));
    this.lastTime = Number(this.ids.at(-1)?.slice(0, 13) ?? 0);
    await this.prune();
  }

  /** Keeps one message, written to a file of its own (complete or not at all); returns its id. */
  async keep(message: NodeJS.ReadableStream): Promise<string> {
    this.lastTime = Math.max(Date.now(), this.lastTime + 1);
    const id = `${this.lastTime}-${randomBytes(6).toString('hex')}`;
    const file = this.fileOf(id);
    try {
      await pipeline(message, createWriteStream(`${file}.part`));
      await rename(`${file}.part`, file);
    } catch (error) {
      await rm(`${file}.part`, { force: true });
      throw error;
    }
    this.ids.push(id);
    await this.prune();
    return id;
  }

  /** The ids of the mails, oldest first. */
  list(): readonly string[] {
    return this.ids;
  }

  has(id: string): boolean {
    return this.ids.includes(id);
  }

  raw(id: string): Promise<Buffer> {
    return readFile(this.fileOf(id));
  }

  /** One mail, parsed. */
  async read(id: string): Promise<CaughtMail> {
    const raw = await this.raw(id);
    // Loaded on the first read: a catcher nobody reads never holds the parser.
    const { simpleParser } = await import('mailparser');
    const parsed = await simpleParser(raw, { skipImageLinks: true });
    return {
      id,
      time: new Date(Number(id.slice(0, 13))).toISOString(),
      subject: parsed.subject ?? '',
      from: addressesOf(parsed.from),
      to: addressesOf(parsed.to),
      cc: addressesOf(parsed.cc),
      date: parsed.date?.toISOString(),
      messageId: parsed.messageId,
      headers: headersOf(parsed),
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : undefined,
      size: raw.length,
    };
  }

  async remove(id: string): Promise<void> {
    this.ids = this.ids.filter((kept) => kept !== id);
    await rm(this.fileOf(id), { force: true });
  }

  async removeAll(): Promise<void> {
    const ids = this.ids;
    this.ids = [];
    for (const id of ids) await rm(this.fileOf(id), { force: true });
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}.eml`);
  }

  private async prune(): Promise<void> {
    while (this.ids.length > this.maxMails) await rm(this.fileOf(this.ids.shift() as string), { force: true });
  }
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] as string);
const shown = (addresses: Address[]) => addresses.map((one) => (one.name ? `${one.name} <${one.address}>` : one.address)).join(', ');

/** The page's own markup: no script, styles inline, nothing loaded from elsewhere. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src data:";
/** A mail's HTML part is shown in a sandboxed frame: no script, no form, nothing fetched from elsewhere. */
const MAIL_HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><meta name="viewport" content="width=device-width">
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1rem 2rem;color:#222}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #ddd}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}iframe{width:100%;height:60vh;border:1px solid #ddd}</style>
</head><body>${body}</body></html>`;
}

/** The page listing the newest mails (the newest first), refreshed every 5 s. */
async function listPage(folder: MailFolder): Promise<string> {
  const newest = [...folder.list()].reverse().slice(0, 200);
  const rows = [];
  for (const id of newest) {
    const mail = await folder.read(id).catch(() => undefined);
    if (!mail) continue;
    rows.push(
      `<tr><td>${escape(mail.time.replace('T', ' ').slice(0, 19))}</td><td>${escape(shown(mail.to))}</td><td><a href="mail/${id}">${escape(mail.subject || '(no subject)')}</a></td></tr>`,
    );
  }
  const count = folder.list().length;
  return page(
    'Mails',
    `<h1>Mails the shop sent (${count})</h1><p>Caught by <code>npm start</code>'s mail catcher; nothing left this machine. The newest 200 shown; all as JSON at <a href="api/email">api/email</a>.</p>
<table><thead><tr><th>received (UTC)</th><th>to</th><th>subject</th></tr></thead><tbody>${rows.join('') || '<tr><td colspan="3">none yet</td></tr>'}</tbody></table>
<meta http-equiv="refresh" content="5">`,
  );
}

function mailPage(mail: CaughtMail): string {
  return page(
    mail.subject,
    `<p><a href="../">← all mails</a></p><h1>${escape(mail.subject || '(no subject)')}</h1>
<table><tr><th>from</th><td>${escape(shown(mail.from))}</td></tr><tr><th>to</th><td>${escape(shown(mail.to))}</td></tr><tr><th>date</th><td>${escape(mail.date ?? mail.time)}</td></tr></table>
${mail.html ? `<h2>HTML</h2><iframe sandbox src="../api/email/${mail.id}/html" title="the mail's HTML part"></iframe>` : ''}
<h2>Text</h2><pre>${escape(mail.text)}</pre><p><a href="../api/email/${mail.id}/download">the mail as sent (.eml)</a></p>`,
  );
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer, policy = PAGE_POLICY): void {
  response.writeHead(status, { 'content-type': type, 'content-security-policy': policy, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  response.end(body);
}

const json = (response: ServerResponse, status: number, value: unknown) => send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));

/** The web page and REST API over the folder. */
export async function answer(folder: MailFolder, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://catcher').pathname;
  const method = request.method ?? 'GET';
  const one = /^\/(?:api\/email|mail)\/([0-9]{13}-[0-9a-f]{12})(\/html|\/download)?$/.exec(path);
  if (method === 'GET' && path === '/api/healthz') return json(response, 200, { status: 'ok' });
  if (method === 'GET' && path === '/') return send(response, 200, 'text/html; charset=utf-8', await listPage(folder));
  if (method === 'GET' && path === '/api/email') {
    const mails = [];
    for (const id of folder.list()) {
      const mail = await folder.read(id).catch(() => undefined);
      if (mail) mails.push(mail);
    }
    return json(response, 200, mails);
  }
  if (method === 'DELETE' && path === '/api/email/all') {
    await folder.removeAll();
    return json(response, 200, true);
  }
  if (!one || !folder.has(one[1])) return json(response, 404, { error: 'not found' });
  const [, id, part] = one;
  if (method === 'DELETE' && path.startsWith('/api/') && !part) {
    await folder.remove(id);
    return json(response, 200, true);
  }
  if (method !== 'GET') return json(response, 405, { error: 'method not allowed' });
  if (part === '/download') {
    response.setHeader('content-disposition', `attachment; filename="${id}.eml"`);
    return send(response, 200, 'message/rfc822', await folder.raw(id));
  }
  const mail = await folder.read(id);
  if (part === '/html') return send(response, 200, 'text/html; charset=utf-8', mail.html ?? '', MAIL_HTML_POLICY);
  if (path.startsWith('/mail/')) return send(response, 200, 'text/html; charset=utf-8', mailPage(mail));
  return json(response, 200, mail);
}

/** A running catcher: its two servers, and what stops them. */
export interface MailCatcher {
  folder: MailFolder;
  smtpPort: number;
  webPort: number;
  stop(): Promise<void>;
}

/** Opens the folder and starts both servers. */
export async function startMailCatcher(plan: MailCatcherPlan): Promise<MailCatcher> {
  const folder = new MailFolder(plan.mailDir, plan.maxMails);
  await folder.open();
  const smtp = new SMTPServer({
    // A catcher on the shop's own machine: any sender, no sign-in, no TLS (the services send in plain text to it).
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      folder.keep(stream).then(
        async (id) => {
          if (!stream.sizeExceeded) return callback();
          await folder.remove(id);
          callback(Object.assign(new Error(`Message exceeds ${MAX_MESSAGE_BYTES} bytes`), { responseCode: 552 }));
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(plan.smtpPort, plan.host, () => resolve());
  });
  const web: Server = createServer((request, response) => {
    answer(folder, request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: String(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject);
    web.listen(plan.webPort, plan.host, () => resolve());
  });
  return {
    folder,
    smtpPort: (smtp.server.address() as AddressInfo).port,
    webPort: (web.address() as AddressInfo).port,
    async stop() {
      web.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), new Promise<void>((resolve) => web.close(() => resolve()))]);
    },
  };
}
