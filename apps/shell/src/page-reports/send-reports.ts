/**
 * How reports reach the gateway: in bodies it accepts (at most 25 reports, at most 8 KB), by
 * navigator.sendBeacon, which the browser delivers even as the page goes away, or a keepalive fetch
 * where there is no beacon or it was refused (a beacon queue is limited). No retry: a lost report is
 * one count fewer, while a retry loop on a failing gateway would be many more requests.
 */
import { MAX_PAGE_REPORTS_BYTES, MAX_REPORTS_PER_BODY, PAGE_REPORTS_PATH } from '@shop/contracts';
import type { PageReport } from './report.js';

/** Sends one JSON body to the gateway; never throws. */
export type SendBody = (body: string) => void;

/**
 * The bodies carrying `reports`, each with the session and the page's credential (without one, the
 * gateway counts nothing), in order; a report that could never fit (none can, in practice) is left out.
 */
export function reportBodies(session: string, reports: readonly PageReport[], credential?: string): string[] {
  const opening = `{"session":${JSON.stringify(session)},${credential === undefined ? '' : `"credential":${JSON.stringify(credential)},`}"reports":[`;
  const closing = ']}';
  const frame = utf8Length(opening) + utf8Length(closing);
  const bodies: string[] = [];
  let items: string[] = [];
  let bytes = frame;
  const close = () => {
    if (items.length > 0) bodies.push(opening + items.join(',') + closing);
    items = [];
    bytes = frame;
  };
  reports.forEach((report) => {
    const item = JSON.stringify(report);
    const size = utf8Length(item);
    if (frame + size > MAX_PAGE_REPORTS_BYTES) return;
    if (items.length === MAX_REPORTS_PER_BODY || bytes + 1 + size > MAX_PAGE_REPORTS_BYTES) close();
    bytes += (items.length > 0 ? 1 : 0) + size;
    items.push(item);
  });
  close();
  return bodies;
}

/** The page's way of sending: a beacon, else a keepalive fetch; any failure is dropped. */
export function beaconSender(
  sendBeacon: ((url: string, data: Blob) => boolean) | undefined = navigatorBeacon(),
  fetchBody: typeof fetch | undefined = globalThis.fetch,
): SendBody {
  return (body) => {
    try {
      if (sendBeacon?.(PAGE_REPORTS_PATH, new Blob([body], { type: 'application/json' }))) return;
    } catch {
      // No beacon here (or it threw): the fetch below.
    }
    try {
      void fetchBody?.(PAGE_REPORTS_PATH, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body }).catch(() => undefined);
    } catch {
      // Nothing more to try: the reports are lost.
    }
  };
}

function navigatorBeacon(): ((url: string, data: Blob) => boolean) | undefined {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return typeof nav?.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined;
}

/** The size of `text` in UTF-8, as the gateway counts the body. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}
