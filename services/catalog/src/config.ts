import { resolve } from 'node:path';
import { z } from 'zod';
import { JWKS_PATH } from '@shop/contracts';
import { ConfigError, loadConfig, portSetting, serviceSettings } from '@shop/service-kit';

/** The catalog service's settings (docs/settings.md). */
export const catalogSettings = {
  ...serviceSettings,
  PORT: portSetting(3001),
  USERS_URL: z.url().default('http://127.0.0.1:3002').meta({
    description: 'The users service, whose public keys the catalog verifies tokens with ({USERS_URL}/.well-known/jwks.json).',
  }),
  JWKS_URL: z.url().optional().meta({ description: 'Where the users service\'s public keys are, instead of {USERS_URL}/.well-known/jwks.json.' }),
  UPLOAD_DIR: z
    .string()
    .min(1)
    .optional()
    .meta({
      description:
        'Folder of image files an earlier version kept, imported at start (images now live in the catalog database or IMAGE_BUCKET, so every replica serves every image); unset: .data/{prefix}/uploads under the working directory.',
    }),
  SEED_DEMO_CATALOG: z.stringbool().default(true).meta({ description: 'Seed the demo catalog into an empty products table at start-up.' }),
  PRODUCT_CACHE_MS: z
    .coerce.number()
    .int()
    .min(0)
    .max(1000)
    .default(250)
    .meta({
      description:
        'How long a public read (a list page, a search, the carousel, a product) is kept in memory, in ms; 0: not kept. Product edits drop it at once on every replica; stock taken by orders shows when it expires. At most 1000: a change must show within a second (docs/catalog.md).',
    }),
  IMAGE_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens')
    .optional()
    .meta({
      description:
        'An S3-compatible bucket for the images (AWS S3, MinIO, Ceph, R2…), objects {prefix}/images/{name}; the catalog checks it at start and does not create it. Unset: the images live in the catalog database, which needs nothing extra (docs/deploy.md, "Images").',
    }),
  IMAGE_BUCKET_ENDPOINT: z.url().optional().meta({
    description: 'The object store\'s address when it is not AWS S3 (e.g. http://minio:9000); addressed by path, not by host name.',
  }),
  IMAGE_BUCKET_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-1')
    .default('us-east-1')
    .meta({ description: 'The bucket\'s region.' }),
  IMAGE_BUCKET_ACCESS_KEY_ID: z.string().min(1).optional().meta({
    description: 'The bucket\'s access key, with IMAGE_BUCKET_SECRET_ACCESS_KEY (both or neither); unset: the AWS SDK\'s usual chain (AWS_* variables, web identity, instance role).',
  }),
  IMAGE_BUCKET_SECRET_ACCESS_KEY: z.string().min(1).optional().meta({ description: 'The secret of IMAGE_BUCKET_ACCESS_KEY_ID.' }),
  IMAGE_DECODE_MAX_BYTES: z
    .coerce.number()
    .int()
    .min(1_000_000)
    .max(2_000_000_000)
    .default(100_000_000)
    .meta({
      description:
        'The most memory one uploaded image may take to decode, in bytes, judged from its header before any pixel is decoded (width × height × channels × bytes per sample × pages; docs/catalog.md, "Image uploads: memory and metadata"); more is refused with 400. The default lets a 25-megapixel 8-bit RGBA photo through.',
    }),
  IMAGE_DECODES_AT_ONCE: z
    .coerce.number()
    .int()
    .min(1)
    .max(64)
    .default(2)
    .meta({ description: 'Images decoded at the same time across every request; the catalog\'s memory for images is this many times IMAGE_DECODE_MAX_BYTES.' }),
  IMAGE_DECODES_WAITING: z
    .coerce.number()
    .int()
    .min(0)
    .max(1000)
    .default(2)
    .meta({
      description:
        'Uploads that may wait for a decode; one more is answered 503 with Retry-After at once. Small, so that the last in line is answered well within the gateway\'s UPSTREAM_TIMEOUT_MS (docs/catalog.md).',
    }),
};

export type CatalogConfig = z.infer<z.ZodObject<typeof catalogSettings>>;

/** Reads and checks the settings; an access key comes with its secret, and both with a bucket. */
export function loadCatalogConfig(env: Record<string, string | undefined> = process.env): CatalogConfig {
  const config = loadConfig(catalogSettings, env);
  const problems = [
    ...(config.IMAGE_BUCKET_ACCESS_KEY_ID && !config.IMAGE_BUCKET_SECRET_ACCESS_KEY ? ['IMAGE_BUCKET_SECRET_ACCESS_KEY: must be set with IMAGE_BUCKET_ACCESS_KEY_ID'] : []),
    ...(config.IMAGE_BUCKET_SECRET_ACCESS_KEY && !config.IMAGE_BUCKET_ACCESS_KEY_ID ? ['IMAGE_BUCKET_ACCESS_KEY_ID: must be set with IMAGE_BUCKET_SECRET_ACCESS_KEY'] : []),
    ...(!config.IMAGE_BUCKET && (config.IMAGE_BUCKET_ENDPOINT || config.IMAGE_BUCKET_ACCESS_KEY_ID)
      ? ['IMAGE_BUCKET: must name the bucket when IMAGE_BUCKET_ENDPOINT or an access key is set']
      : []),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The JWKS the catalog verifies tokens with. */
export function jwksUrlOf(config: Pick<CatalogConfig, 'JWKS_URL' | 'USERS_URL'>): string {
  return config.JWKS_URL ?? new URL(JWKS_PATH, config.USERS_URL).toString();
}

/** The absolute folder of the images the catalog serves at /uploads. */
export function uploadDirOf(config: Pick<CatalogConfig, 'UPLOAD_DIR' | 'INSTANCE_PREFIX'>): string {
  return config.UPLOAD_DIR ? resolve(config.UPLOAD_DIR) : resolve('.data', config.INSTANCE_PREFIX, 'uploads');
}
