export * from './list-query.js';
export * from './paging-headers.js';
export * from './csv-export.js';
export * from './list-openapi.js';
