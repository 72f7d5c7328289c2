export * from './health.module.js';
export * from './readiness.js';
export * from './tokens.js';
