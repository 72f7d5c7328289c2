import { createPageReporter, FLUSH_DELAY_MS, MAX_PENDING_REPORTS } from './page-reporter.js';
import type { PageReport } from './report.js';
import { reportSession } from './session.js';

const catalog = { remote: 'catalog', build: '3f9a1c2b7d' };

/** A reporter whose sent bodies and timers the test sees. */
function reporter({ hidden = false } = {}) {
  const sent: PageReport[][] = [];
  const timers: Array<{ ms: number; run: () => void; cancelled: boolean }> = [];
  const page = createPageReporter({
    session: reportSession(undefined, () => 'test-session'),
    send: (body) => sent.push((JSON.parse(body) as { reports: PageReport[] }).reports),
    schedule: (run, ms) => {
      const timer = { ms, run, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
    isHidden: () => hidden,
  });
  const runTimers = () => timers.filter((timer) => !timer.cancelled).forEach((timer) => timer.run());
  return { page, sent, timers, runTimers, all: () => sent.flat() };
}

describe('createPageReporter', () => {
  it('sends about 2 s after the first report queued since the last flush, in one body', () => {
    const { page, sent, timers, runTimers } = reporter();

    page.add({ ...catalog, kind: 'view' });
    page.add({ ...catalog, kind: 'error', message: 'boom' });

    expect(sent).toEqual([]);
    expect(timers.map((timer) => timer.ms)).toEqual([FLUSH_DELAY_MS]);
    runTimers();
    expect(sent).toEqual([[{ ...catalog, kind: 'view' }, { ...catalog, kind: 'error', message: 'boom' }]]);
  });

  it('sends what is queued on flush, and nothing when nothing is', () => {
    const { page, sent, timers } = reporter();
    page.flush();
    page.add({ ...catalog, kind: 'view' });

    page.flush();
    page.flush();

    expect(sent).toHaveLength(1);
    expect(timers[0]?.cancelled).toBe(true);
  });

  it('sends at once what is queued while the page is hidden (the final Web Vitals)', () => {
    const { page, timers } = reporter({ hidden: true });

    page.add({ ...catalog, kind: 'vital', name: 'CLS', value: 0.02 });

    expect(timers.map((timer) => timer.ms)).toEqual([0]);
  });

  it('reports a view of a build once per session', () => {
    const { page, all } = reporter();

    page.add({ ...catalog, kind: 'view' });
    page.add({ ...catalog, kind: 'view' });
    page.add({ remote: 'catalog', build: 'aaaaaaaaaa', kind: 'view' });
    page.flush();
    page.add({ ...catalog, kind: 'view' });
    page.flush();

    expect(all()).toEqual([
      { ...catalog, kind: 'view' },
      { remote: 'catalog', build: 'aaaaaaaaaa', kind: 'view' },
    ]);
  });

  it('reports the same error of the same build at most 3 times per session', () => {
    const { page, all } = reporter();

    for (let index = 0; index < 5; index++) page.add({ ...catalog, kind: 'error', message: 'Cannot read properties of undefined' });
    page.add({ ...catalog, kind: 'error', message: 'another error' });
    page.add({ remote: 'checkout', build: 'a1b2c3d4e5', kind: 'error', message: 'Cannot read properties of undefined' });
    for (let index = 0; index < 4; index++) page.add({ ...catalog, kind: 'load-failure', message: 'Failed to fetch' });
    page.flush();

    const counts = all().reduce<Record<string, number>>((seen, report) => {
      const key = `${report.kind} ${report.remote} ${'message' in report ? report.message : ''}`;
      return { ...seen, [key]: (seen[key] ?? 0) + 1 };
    }, {});
    expect(counts).toEqual({
      'error catalog Cannot read properties of undefined': 3,
      'error catalog another error': 1,
      'error checkout Cannot read properties of undefined': 1,
      'load-failure catalog Failed to fetch': 3,
    });
  });

  it('reports each vital once per page load', () => {
    const { page, all } = reporter();

    page.add({ ...catalog, kind: 'vital', name: 'LCP', value: 1200 });
    page.add({ ...catalog, kind: 'vital', name: 'LCP', value: 1300 });
    page.add({ ...catalog, kind: 'vital', name: 'INP', value: 80 });
    page.flush();

    expect(all()).toEqual([
      { ...catalog, kind: 'vital', name: 'LCP', value: 1200 },
      { ...catalog, kind: 'vital', name: 'INP', value: 80 },
    ]);
  });

  it('holds at most 100 reports; what is dropped beyond is not counted as reported', () => {
    const { page, sent, all } = reporter();

    for (let index = 0; index < MAX_PENDING_REPORTS + 20; index++) page.add({ ...catalog, kind: 'error', message: `error ${index}` });
    page.add({ ...catalog, kind: 'view' });
    page.flush();
    expect(all()).toHaveLength(MAX_PENDING_REPORTS);
    expect(sent.map((body) => body.length)).toEqual([25, 25, 25, 25]);

    // The view dropped then is reported once there is room.
    page.add({ ...catalog, kind: 'view' });
    page.flush();
    expect(sent.at(-1)).toEqual([{ ...catalog, kind: 'view' }]);
  });
});
