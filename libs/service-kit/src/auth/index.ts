export * from './app-parts.js';
export * from './auth.module.js';
export * from './decorators.js';
export * from './jwt-auth.guard.js';
export * from './jwt.strategy.js';
export * from './roles.guard.js';
export * from './token-keys.js';
export * from './user-standing.js';
