export * from './errors.js';
export * from './products.js';
export * from './users.js';
export * from './orders.js';
export * from './auth.js';
export * from './events.js';
export * from './event-schemas.js';
export * from './nats-permissions.js';
