export * from './app.js';
export * from './config.js';
export * from './database.js';
export * from './errors.js';
export * from './logging.js';
export * from './validators.js';
export * from './auth/index.js';
export * from './health/index.js';
