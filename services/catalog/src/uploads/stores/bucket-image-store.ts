import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { CatalogConfig } from '../../config.js';
import type { ImageStore, StoredImage } from './image-store.js';

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Images as objects of an S3-compatible bucket, under `{INSTANCE_PREFIX}/images/{name}`, so shops
 * can share a bucket. Any S3 API works: AWS S3, or MinIO, Ceph, R2… at IMAGE_BUCKET_ENDPOINT
 * (addressed by path there). The bucket is the operator's: the catalog does not create it.
 */
export class BucketImageStore implements ImageStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(
    private readonly bucket: string,
    config: CatalogConfig,
  ) {
    this.prefix = `${config.INSTANCE_PREFIX}/images/`;
    this.description = `bucket ${bucket}${config.IMAGE_BUCKET_ENDPOINT ? ` at ${config.IMAGE_BUCKET_ENDPOINT}` : ''}`;
    this.client = new S3Client({
      region: config.IMAGE_BUCKET_REGION,
      ...(config.IMAGE_BUCKET_ENDPOINT ? { endpoint: config.IMAGE_BUCKET_ENDPOINT, forcePathStyle: true } : {}),
      ...(config.IMAGE_BUCKET_ACCESS_KEY_ID && config.IMAGE_BUCKET_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: config.IMAGE_BUCKET_ACCESS_KEY_ID, secretAccessKey: config.IMAGE_BUCKET_SECRET_ACCESS_KEY } }
        : {}),
      // Checksums only where the API requires them: S3-compatible stores differ on the newer defaults.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const reason = status === 404 ? 'it does not exist' : status === 403 ? 'access is denied' : (error as Error).message;
      throw new Error(`cannot use ${this.description} for images: ${reason}`, { cause: error });
    }
  }

  async put(name: string, { contentType, content }: StoredImage): Promise<void> {
    // A name never changes content: an image already there stays (no second read-modify-write needed).
    if ((await this.has([name])).size > 0) return;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + name,
        Body: content,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(name: string): Promise<StoredImage | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
      const content = Buffer.from(await object.Body!.transformToByteArray());
      return { contentType: object.ContentType ?? 'application/octet-stream', content };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async has(names: string[]): Promise<Set<string>> {
    const found = await Promise.all(
      names.map(async (name) => {
        try {
          await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + name }));
          return name;
        } catch (error) {
          if (isMissing(error)) return undefined;
          throw error;
        }
      }),
    );
    return new Set(found.filter((name): name is string => name !== undefined));
  }
}
