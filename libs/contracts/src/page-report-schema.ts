import { z } from 'zod';
import { BUILD_ID, MAX_PAGE_CREDENTIAL, MAX_REPORT_MESSAGE, MAX_REPORTS_PER_BODY, MAX_VITAL_VALUE, REMOTE_NAME, REPORT_SESSION, VITALS } from './page-reports.js';

const tagged = { remote: z.string().regex(REMOTE_NAME), build: z.string().regex(BUILD_ID) };
const message = z.string().max(MAX_REPORT_MESSAGE);

/** One report of a page: a build of a remote and what the page saw of it. */
export const pageReport = z.discriminatedUnion('kind', [
  z.object({ ...tagged, kind: z.literal('view') }),
  z.object({ ...tagged, kind: z.literal('error'), message }),
  z.object({ ...tagged, kind: z.literal('load-failure'), message }),
  z.object({ ...tagged, kind: z.literal('vital'), name: z.enum(VITALS), value: z.number().nonnegative().max(MAX_VITAL_VALUE) }),
]);

/**
 * One beacon of a shopper's page (apps/shell's page-reports/, checked by the gateway's
 * POST /api/page-reports): the page session, the credential the gateway served the page with, and 1 to
 * 25 reports. The one description of the body: the gateway checks with it, the shell's types are
 * inferred from it. A beacon without a valid credential is taken (204) and counts nothing.
 */
export const pageReportsBody = z.object({
  session: z.string().regex(REPORT_SESSION, 'session is 8 to 64 letters, digits, - or _'),
  credential: z.string().max(MAX_PAGE_CREDENTIAL, `credential is ${MAX_PAGE_CREDENTIAL} characters at most`).optional(),
  reports: z.array(pageReport).min(1).max(MAX_REPORTS_PER_BODY),
});

export type PageReport = z.infer<typeof pageReport>;
export type PageReportsBody = z.infer<typeof pageReportsBody>;
