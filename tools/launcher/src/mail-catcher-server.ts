/**
 * The mail catcher's process (mail-catcher.ts), which the launcher runs as its part `mail` and supervises
 * like every part: the plan (ports, folder, how many mails to keep) as JSON in the first argument.
 * SIGTERM (the launcher stopping it) or SIGINT (Ctrl-C) closes both servers and ends it; without its
 * launcher it stops by itself.
 */
import { startMailCatcher, type MailCatcherPlan } from './mail-catcher.js';

const plan = JSON.parse(process.argv[2] ?? '') as MailCatcherPlan;
const catcher = await startMailCatcher(plan);
process.stdout.write(`mail catcher: SMTP on ${plan.host}:${catcher.smtpPort}, mails on http://${plan.host}:${catcher.webPort}, kept in ${plan.mailDir}\n`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  void catcher.stop().finally(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const launcher = process.ppid;
setInterval(() => {
  if (process.ppid !== launcher) stop();
}, 1_000).unref();
