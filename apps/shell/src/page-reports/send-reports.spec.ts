import { jest } from '@jest/globals';
import { beaconSender, reportBodies } from './send-reports.js';
import type { PageReport } from './report.js';

const session = 'd2c4a7e0-1f3b-4c5d-8e9f-0a1b2c3d4e5f';
const view = (remote: string): PageReport => ({ remote, build: '3f9a1c2b7d', kind: 'view' });
const error = (message: string): PageReport => ({ remote: 'catalog', build: '3f9a1c2b7d', kind: 'error', message });
const bytesOf = (body: string) => new TextEncoder().encode(body).length;

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });

describe('reportBodies', () => {
  it('sends the session and the reports as the gateway reads them', () => {
    expect(reportBodies(session, [view('catalog')]).map((body) => JSON.parse(body))).toEqual([{ session, reports: [view('catalog')] }]);
  });

  it('puts at most 25 reports in a body, in order', () => {
    const reports = Array.from({ length: 60 }, (_, index) => view(`remote-${index}`));

    const bodies = reportBodies(session, reports).map((body) => JSON.parse(body) as { reports: PageReport[] });

    expect(bodies.map((body) => body.reports.length)).toEqual([25, 25, 10]);
    expect(bodies.flatMap((body) => body.reports)).toEqual(reports);
  });

  it("sends the page's credential in every body", () => {
    const credential = 'AAAAAAAAAAAAAAAAAAAAAA.m5x0a1b2.catalog:3f9a1c2b7d.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    const bodies = reportBodies(session, Array.from({ length: 30 }, (_, index) => view(`remote-${index}`)), credential).map((body) => JSON.parse(body) as { credential?: string });

    expect(bodies.map((body) => body.credential)).toEqual([credential, credential]);
  });

  it('keeps every body within 8 KB, counting UTF-8 bytes, the credential included', () => {
    // 300-character messages of 3-byte characters: about 900 bytes each.
    const reports = Array.from({ length: 25 }, (_, index) => error(`${index} ${'€'.repeat(296)}`));

    const bodies = reportBodies(session, reports, 'c'.repeat(600));

    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) expect(bytesOf(body)).toBeLessThanOrEqual(8 * 1024);
    expect(bodies.flatMap((body) => (JSON.parse(body) as { reports: PageReport[] }).reports)).toEqual(reports);
  });

  it('sends nothing for no reports', () => {
    expect(reportBodies(session, [])).toEqual([]);
  });
});

describe('beaconSender', () => {
  const body = JSON.stringify({ session, reports: [view('catalog')] });

  it('sends the body as a JSON beacon to /api/page-reports', async () => {
    const sendBeacon = jest.fn((_url: string, _data: Blob) => true);
    const fetchBody = jest.fn<typeof fetch>();

    beaconSender(sendBeacon, fetchBody)(body);

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, data] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/api/page-reports');
    expect(data?.type).toBe('application/json');
    expect(data && (await textOf(data))).toBe(body);
    expect(fetchBody).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon', () => {
    const fetchBody = jest.fn<typeof fetch>(async () => ({ ok: true, status: 204 }) as Response);

    beaconSender(() => false, fetchBody)(body);

    expect(fetchBody).toHaveBeenCalledWith('/api/page-reports', { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body });
  });

  it('falls back to a keepalive fetch where there is no beacon', () => {
    const fetchBody = jest.fn<typeof fetch>(async () => ({ ok: true, status: 204 }) as Response);

    beaconSender(undefined, fetchBody)(body);

    expect(fetchBody).toHaveBeenCalledTimes(1);
  });

  it('never throws, whatever fails', async () => {
    const failing = jest.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const throwing = () => {
      throw new TypeError('Illegal invocation');
    };

    expect(() => beaconSender(throwing, failing)(body)).not.toThrow();
    expect(() => beaconSender(throwing, throwing as unknown as typeof fetch)(body)).not.toThrow();
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
