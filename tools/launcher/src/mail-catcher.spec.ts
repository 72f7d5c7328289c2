import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher.js';

/** Sends one message over a plain SMTP conversation, as the services' nodemailer does; resolves with the server's last answer. */
function sendMail(port: number, from: string, to: string[], message: string): Promise<string> {
  const commands = [`EHLO test`, `MAIL FROM:<${from}>`, ...to.map((address) => `RCPT TO:<${address}>`), 'DATA', `${message.replace(/\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.`, 'QUIT'];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = '';
    let answers: string[] = [];
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // A reply is complete at a line whose code is followed by a space (not by '-').
      const lines = buffer.split('\r\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        answers.push(line);
        if (!/^\d{3} /.test(line)) continue;
        const command = commands.shift();
        if (command === undefined) return socket.end();
        if (/^[45]/.test(line)) return reject(new Error(`${line} (before ${command})`));
        socket.write(`${command}\r\n`);
        if (command === 'QUIT') resolve(answers.at(-1) ?? '');
        answers = [];
      }
    });
  });
}

const RESET_MAIL = `From: Shop <no-reply@shop.localhost>
To: Robin Forgetful <robin@example.com>
Subject: Reset your password
Message-ID: <abc@shop.localhost>
X-Folded: one
 two
MIME-Version: 1.0
Content-Type: multipart/alternative; boundary="b"

--b
Content-Type: text/plain; charset=utf-8

Open http://localhost:3000/reset-password#token=abc to choose a new password.
.A line starting with a dot.
--b
Content-Type: text/html; charset=utf-8

<p>Open <a href="http://localhost:3000/reset-password#token=abc">this link</a>.</p><script>alert(1)</script>
--b--`;

let catcher: MailCatcher | undefined;
const folders: string[] = [];

async function start(maxMails = 1000, dir = mkdtempSync(join(tmpdir(), 'mail-catcher-'))): Promise<MailCatcher> {
  folders.push(dir);
  catcher = await startMailCatcher({ host: '127.0.0.1', smtpPort: 0, webPort: 0, mailDir: dir, maxMails });
  return catcher;
}

const web = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${catcher?.webPort}${path}`, init);

afterEach(async () => {
  await catcher?.stop();
  catcher = undefined;
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the mail catcher npm start runs', () => {
  it("answers MailDev's REST API with the mails it caught: subject, text, recipients and headers", async () => {
    const { smtpPort } = await start();
    expect(await (await web('/api/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await web('/api/email')).json()).toEqual([]);
    await sendMail(smtpPort, 'no-reply@shop.localhost', ['robin@example.com'], RESET_MAIL);
    const mails = (await (await web('/api/email')).json()) as CaughtMail[];
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      subject: 'Reset your password',
      to: [{ address: 'robin@example.com', name: 'Robin Forgetful' }],
      from: [{ address: 'no-reply@shop.localhost', name: 'Shop' }],
      messageId: '<abc@shop.localhost>',
    });
    expect(mail.text).toContain('http://localhost:3000/reset-password#token=abc');
    expect(mail.text).toContain('\n.A line starting with a dot.');
    expect(mail.headers['x-folded']).toBe('one two');
    expect(mail.headers.subject).toBe('Reset your password');
    expect(await (await web(`/api/email/${mail.id}`)).json()).toEqual(mail);
  });

  it("shows a mail's HTML part under a policy that runs no script, and its page escapes what the mail says", async () => {
    const { smtpPort } = await start();
    await sendMail(smtpPort, 'no-reply@shop.localhost', ['robin@example.com'], RESET_MAIL.replace('Subject: Reset your password', 'Subject: <b>bold</b> & more'));
    const [mail] = (await (await web('/api/email')).json()) as CaughtMail[];
    const html = await web(`/api/email/${mail.id}/html`);
    expect(html.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(await html.text()).toContain('<a href="http://localhost:3000/reset-password#token=abc">');
    const list = await (await web('/')).text();
    expect(list).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; more');
    expect(list).not.toContain('<b>bold</b>');
    const page = await web(`/mail/${mail.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<iframe sandbox');
    const raw = await web(`/api/email/${mail.id}/download`);
    expect(await raw.text()).toContain('Subject: <b>bold</b> & more');
    expect((await web('/api/email/0000000000000-000000000000')).status).toBe(404);
    expect((await web('/api/email/../../etc/passwd')).status).toBe(404);
  });

  it('keeps the newest mails on disk across a restart, and no more than it is told to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-catcher-'));
    // A file a stopped catcher left half-written is not a mail.
    writeFileSync(join(dir, '1700000000000-aaaaaaaaaaaa.eml.part'), 'Subject: half');
    let { smtpPort } = await start(2, dir);
    for (const n of [1, 2, 3]) await sendMail(smtpPort, 'a@example.com', ['b@example.com'], `Subject: mail ${n}\n\nbody ${n}`);
    const subjects = async () => ((await (await web('/api/email')).json()) as CaughtMail[]).map((mail) => mail.subject);
    expect(await subjects()).toEqual(['mail 2', 'mail 3']);
    await catcher?.stop();
    ({ smtpPort } = await start(2, dir));
    expect(await subjects()).toEqual(['mail 2', 'mail 3']);
    expect(readdirSync(dir).sort()).toHaveLength(2);
    await sendMail(smtpPort, 'a@example.com', ['b@example.com'], 'Subject: mail 4\n\nbody 4');
    expect(await subjects()).toEqual(['mail 3', 'mail 4']);
    expect((await web('/api/email/all', { method: 'DELETE' })).status).toBe(200);
    expect(await subjects()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });
});
