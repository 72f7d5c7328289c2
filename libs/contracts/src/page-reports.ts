/**
 * The builds of the micro-frontends as the browser and the gateway name them, and the limits of what a
 * page reports of them (POST /api/page-reports). No schema library here: the shell imports these, and
 * the checking schema (page-report-schema.ts) stays out of the browser's bundles.
 */

/** A remote's name: `catalog`, `checkout`, `admin`. */
export const REMOTE_NAME = /^[a-z][a-z0-9-]{0,30}$/;
/** A build id: the first 10 hex digits of the SHA-256 of the build's remoteEntry.js. */
export const BUILD_ID = /^[0-9a-f]{10}$/;
/** Where the gateway serves a build: `/mf/<remote>/<build>/` (the same two patterns, unanchored). */
export const BUILD_FOLDER = new RegExp(`/mf/(${REMOTE_NAME.source.slice(1, -1)})/(${BUILD_ID.source.slice(1, -1)})/`);

/** The Web Vitals reported: LCP and INP in ms, CLS unitless. */
export const VITALS = ['LCP', 'INP', 'CLS'] as const;
export type Vital = (typeof VITALS)[number];

export const PAGE_REPORTS_PATH = '/api/page-reports';
/** Reports per beacon, bytes per beacon, characters per message, the largest vital value (an hour in ms). */
export const MAX_REPORTS_PER_BODY = 25;
export const MAX_PAGE_REPORTS_BYTES = 8 * 1024;
export const MAX_REPORT_MESSAGE = 300;
export const MAX_VITAL_VALUE = 3_600_000;
/** The longest page credential a beacon may carry (the gateway's are about 130 characters). */
export const MAX_PAGE_CREDENTIAL = 600;
/** The `<meta name>` under which the gateway gives each page it serves its credential. */
export const PAGE_CREDENTIAL_META = 'shop-page-session';
/** A page session: a random id the page keeps while its tab lives. */
export const REPORT_SESSION = /^[A-Za-z0-9_-]{8,64}$/;
