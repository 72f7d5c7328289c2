/**
 * Which remote build a page error belongs to, for errors no error boundary caught (an event handler,
 * a timer, a rejected promise nobody awaited). The script that threw says it best: the gateway serves
 * every remote build from `/mf/<remote>/<build>/`, so a file name or stack frame there names it. An
 * error that names none (thrown in the shell's or a shared library's code on a remote's behalf) is put
 * on the remote whose page is shown; on a page of no remote it is not reported.
 */
import { remoteBuildIn, type RemoteBuild } from '../remote-build.js';
import { isErrorLike, messageOf } from './report.js';

export interface AttributedError extends RemoteBuild {
  message: string;
}

/** The page's remote and its build now, if the current route shows a remote's page. */
export type ShownRemote = () => RemoteBuild | undefined;

/** An `error` or `unhandledrejection` event of the window, attributed, or undefined when it can't be. */
export function attributeWindowError(event: Event, shownRemote: ShownRemote): AttributedError | undefined {
  const { error, message, filename } = described(event);
  const stack = isErrorLike(error) && typeof error.stack === 'string' ? error.stack : undefined;
  const where = remoteBuildIn(filename) ?? remoteBuildIn(stack) ?? shownRemote();
  return where && { remote: where.remote, build: where.build, message };
}

function described(event: Event): { error: unknown; message: string; filename?: string } {
  if (isRejection(event)) return { error: event.reason, message: messageOf(event.reason) };
  const { error, message, filename } = event as ErrorEvent;
  return { error, message: messageOf(isErrorLike(error) ? error : (message ?? error)), filename };
}

function isRejection(event: Event): event is PromiseRejectionEvent {
  return event.type === 'unhandledrejection';
}
