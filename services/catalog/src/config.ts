import { resolve } from 'node:path';
import { z } from 'zod';
import { JWKS_PATH } from '@shop/contracts';
import { loadConfig, serviceSettings } from '@shop/service-kit';

/** The catalog service's settings (see .env.example). */
export const catalogSettings = {
  ...serviceSettings,
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  USERS_URL: z.url().default('http://127.0.0.1:3002'),
  /** Where the users service's public keys are; unset: `{USERS_URL}/.well-known/jwks.json`. */
  JWKS_URL: z.url().optional(),
  /** Folder of uploaded and seed images; unset: `.data/{INSTANCE_PREFIX}/uploads` under the working directory. */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** Seed the demo catalog into an empty products table at start-up. */
  SEED_DEMO_CATALOG: z.stringbool().default(true),
  /**
   * How long a public read (a list page, a search, the carousel, a product) is kept in memory, in ms;
   * 0 turns the cache off. Product edits drop it at once on every replica; stock taken by orders shows
   * when it expires. At most 1000: a change must show within a second (docs/catalog.md).
   */
  PRODUCT_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(250),
};

export type CatalogConfig = z.infer<z.ZodObject<typeof catalogSettings>>;

export const loadCatalogConfig = (env: Record<string, string | undefined> = process.env): CatalogConfig =>
  loadConfig(catalogSettings, env);

/** The JWKS the catalog verifies tokens with. */
export function jwksUrlOf(config: Pick<CatalogConfig, 'JWKS_URL' | 'USERS_URL'>): string {
  return config.JWKS_URL ?? new URL(JWKS_PATH, config.USERS_URL).toString();
}

/** The absolute folder of the images the catalog serves at /uploads. */
export function uploadDirOf(config: Pick<CatalogConfig, 'UPLOAD_DIR' | 'INSTANCE_PREFIX'>): string {
  return config.UPLOAD_DIR ? resolve(config.UPLOAD_DIR) : resolve('.data', config.INSTANCE_PREFIX, 'uploads');
}
