export * from './mail-html.js';
export * from './mail-options.js';
export * from './mail-sender.js';
export * from './mail-settings.js';
export * from './mail.module.js';
export * from './migration.js';
export * from './outgoing-mail.js';
