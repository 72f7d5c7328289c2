export * from './auth.module.js';
export * from './guards.js';
export * from './token-verifier.js';
export * from './user-standing.js';
