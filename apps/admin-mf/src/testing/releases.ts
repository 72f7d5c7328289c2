/** Test-only (never built): a status of GET /api/releases for the releases api specs. */
import type { ReleasesStatus } from '../features/releases/api/releases-status.js';

const noReports = { sessions: 0, errorSessions: 0, errorRatePercent: null, errors: 0, loadFailures: 0, renders: 0, renderFailures: 0, fileRequests: 0, fileFailures: 0, vitals: { LCP: null, INP: null, CLS: null } };

/** catalog with a canary c3 at `percent` % over its current build c2. */
export function aReleasesStatus(percent = 10): ReleasesStatus {
  return {
    managed: true,
    rule: { minSessions: 200, errorMarginPercent: 2, confidencePercent: 99 },
    remotes: [
      {
        name: 'catalog',
        current: { build: 'c2', ...noReports },
        canary: { build: 'c3', ...noReports, percent, startedAt: '2026-11-26T12:30:00.000Z', by: 'Admin User <admin@example.com>' },
        retained: [],
      },
    ],
    actions: [],
  };
}
