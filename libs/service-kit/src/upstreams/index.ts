export * from './forwarded-headers.js';
export * from './unread-bodies.js';
export * from './upstream-connector.js';
export * from './upstream-failures.js';
export * from './upstream-pool.js';
