export { PROBE_PATHS, serveTraced } from './server-spans.js';
export { startTelemetry, stopTelemetry, tracingRequested } from './start.js';
