export * from './migration.js';
export * from './pg-user-standings.js';
export * from './user-access-rows.js';
export * from './user-access.module.js';
export * from './consumer-expectations.js';
