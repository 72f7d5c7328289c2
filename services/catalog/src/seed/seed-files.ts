import { fileURLToPath } from 'node:url';

/**
 * The catalog's own image files kept in the repository (services/catalog/seed),
 * found from this module's place: src/seed/ under jest, dist/seed/ when built.
 */
export const SEED_FILES_DIR = fileURLToPath(new URL('../../seed/', import.meta.url));

/** The demo products' images (original drawings). */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../seed/images/', import.meta.url));
