import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the services' migrations create (`CREATE EXTENSION`), which PGlite must be
 * given when a database is opened: unlike a PostgreSQL server, PGlite only knows the extensions it was
 * handed. pg_trgm: the catalog's search corrects misspelt words by trigram similarity (docs/catalog.md).
 */
export const EMBEDDED_POSTGRES_EXTENSIONS = { pg_trgm };
