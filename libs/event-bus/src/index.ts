export * from './consumers.js';
export * from './entities.js';
export * from './event-bus.module.js';
export * from './migration.js';
export * from './nats-link.js';
export * from './options.js';
export * from './outbox.js';
export * from './relay.js';
