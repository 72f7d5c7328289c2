export * from './events.js';
export * from './instance.js';
export * from './nats-server.js';
export * from './postgres-server.js';
export * from './token-issuer.js';
export * from './shop-process.js';
export * from './chromium.js';
export * from './event-contracts.js';
