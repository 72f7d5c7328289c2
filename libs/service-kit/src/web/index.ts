export * from './client-addresses.js';
export * from './content-security-policy.js';
export * from './cross-site-posts.js';
export * from './security-headers.js';
