export * from './health.module.js';
export * from './readiness.js';
export * from './tokens.js';
export * from './shop-metrics.js';
export * from './graceful-shutdown.js';
