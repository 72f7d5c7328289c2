export * from './build-stats.js';
export * from './canary-rule.js';
export * from './cohort.js';
export * from './release-files.js';
export * from './page-session.js';
export * from './releases-folder.js';
export * from './front-end-settings.js';
