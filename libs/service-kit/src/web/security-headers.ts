import { readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import helmet from 'helmet';
import { SERVICE_CONFIG } from '../config.js';
import { REQUEST_ID_HEADER } from '../logging.js';
import { contentSecurityPolicyOf, inlineScriptHashesOf } from './content-security-policy.js';

/** The shell's index.html, or nothing where there is none (a gateway in front of the API only). */
function readShellIndex(shellDir: string): string {
  try {
    return readFileSync(resolve(shellDir, 'index.html'), 'utf8');
  } catch {
    return '';
  }
}

/** Header names in lowercase, as Node keeps them, so that a service's own header replaces the gateway's. */
export type SecurityHeaderSet = Readonly<Record<string, string>>;

/** helmet, set up for the shop: its defaults, the shop's content security policy, and two choices of its own. */
export function shopHelmet(config: { PAYPAL_SDK_ORIGIN: readonly string[] }, inlineScripts: readonly string[] = []): ReturnType<typeof helmet> {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyOf(config, inlineScripts) },
    // PayPal's checkout window reports back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * The headers helmet sets on an answer. With the shop's static policy they are the same for every
 * answer, so helmet runs once, at start-up, and every answer gets the result (a copy of 14 strings
 * rather than helmet's chain of 14 middleware functions per request).
 */
export function securityHeadersOf(config: { PAYPAL_SDK_ORIGIN: readonly string[] }, inlineScripts: readonly string[] = []): SecurityHeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  shopHelmet(config, inlineScripts)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

/**
 * The security headers of every answer the gateway gives, computed once from the configuration and the
 * shell's index.html as it is at start (its inline scripts' hashes: a shell built anew while the gateway
 * runs has its first-paint script refused until the gateway restarts, and the header then waits for the shell).
 */
@Injectable()
export class SecurityHeaders {
  readonly all: SecurityHeaderSet;

  constructor(@Inject(SERVICE_CONFIG) config: { PAYPAL_SDK_ORIGIN: readonly string[]; SHELL_DIR?: string }) {
    this.all = securityHeadersOf(config, config.SHELL_DIR === undefined ? [] : inlineScriptHashesOf(readShellIndex(config.SHELL_DIR)));
  }

  /** The headers every answer the gateway writes itself carries: these and the request's id, a fresh object. */
  answerHeaders(requestId: string): OutgoingHttpHeaders {
    return { ...this.all, [REQUEST_ID_HEADER]: requestId };
  }
}
