import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { parseImageVariantFile } from '@shop/contracts';
import { SERVICE_CONFIG } from '@shop/service-kit';
import { uploadDirOf, type CatalogConfig } from '../config.js';
import { SEED_FILES_DIR } from '../seed/seed-files.js';
import { IMAGE_FILE_NAME, imagePathOf, SAMPLE_IMAGE_FILE } from './image-files.js';
import { DecodeTurns, ImageDecodersBusyError } from './image-decoding.js';
import { checkedImageHeader, cleanOriginalOf, imageVariantsOf, UndecodableImageError, type OriginalFormat } from './image-variants.js';
import { IMAGE_STORE, type ImageStore, type StoredImage } from './stores/image-store.js';

/** The content type of each image file the shop serves, by its extension. */
export const CONTENT_TYPES: Record<string, string | undefined> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

const contentTypeOf = (fileName: string) => CONTENT_TYPES[extname(fileName)];

/** The extensions an uploaded original may have, to find the original of a copy. */
const UPLOADED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** How many bytes of images each replica keeps in memory: the demo catalog's and the hottest uploads. */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The images the catalog serves at /uploads: uploaded ones under random names, and the shop's own
 * (the sample placeholder, the demo catalog's pictures). They live in a store every replica shares
 * (the catalog database, or an S3-compatible bucket: see ImageStore), so every replica serves every
 * image and a replica's disk holds nothing of value; each replica keeps the most used ones in memory
 * (32 MB; images never change under a name, so nothing needs invalidating).
 *
 * An uploaded original is written again, upright and without metadata (EXIF, GPS, XMP, comments: what
 * a photo hides is never served). Every decode is judged from the image's header first
 * (IMAGE_DECODE_MAX_BYTES) and takes its turn (IMAGE_DECODES_AT_ONCE, IMAGE_DECODES_WAITING), so
 * uploads, and first requests for copies, cannot add up beyond a known amount of memory
 * (docs/catalog.md, "Image uploads").
 *
 * Beside each uploaded original the store keeps its copies at several widths in AVIF and WebP (the
 * naming rule is @shop/contracts' images.ts): made at upload, before anything is stored, so an image
 * that cannot be decoded is refused whole; made on first request for images uploaded before copies
 * existed.
 *
 * At start, images of an UPLOAD_DIR folder (where earlier versions kept them) that the store does
 * not have yet are imported, so upgrading loses no upload.
 */
@Injectable()
export class ImageStorage implements OnModuleInit {
  private readonly logger = new Logger('ImageStorage');
  private readonly legacyDir: string;
  private readonly maxDecodeBytes: number;
  private readonly decodeTurns: DecodeTurns;
  private readonly cache = new LRUCache<string, StoredImage>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (image) => Math.max(1, image.content.length),
  });

  constructor(
    @Inject(SERVICE_CONFIG) config: CatalogConfig,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
  ) {
    this.legacyDir = uploadDirOf(config);
    this.maxDecodeBytes = config.IMAGE_DECODE_MAX_BYTES;
    this.decodeTurns = new DecodeTurns(config.IMAGE_DECODES_AT_ONCE, config.IMAGE_DECODES_WAITING);
  }

  async onModuleInit(): Promise<void> {
    await this.store.check();
    this.logger.log(`images in ${this.store.description}`);
    await this.install(join(SEED_FILES_DIR, SAMPLE_IMAGE_FILE), SAMPLE_IMAGE_FILE);
    await this.importLegacyFolder();
  }

  /** Copies being made on request, by original id: concurrent requests for one image wait on the same work. */
  private readonly deriving = new Map<string, Promise<boolean>>();

  /**
   * Stores an uploaded image, written again without metadata, under a new random name with its resized
   * copies and answers its public path. Throws UndecodableImageError, OversizedImageError or
   * TooCostlyImageError (at once, from the header), or ImageDecodersBusyError, having stored nothing.
   */
  async save(content: Buffer, extension: 'png' | 'jpg' | 'webp'): Promise<string> {
    const format: OriginalFormat = extension === 'jpg' ? 'jpeg' : extension;
    const header = await checkedImageHeader(content, this.maxDecodeBytes);
    // What file-type recognised must be what libvips decodes, or the header judged is not the image's.
    if (header.format !== format) throw new UndecodableImageError(`${extension} by its signature, ${header.format} to libvips`);
    const id = randomUUID();
    const fileName = `${id}.${extension}`;
    const started = performance.now();
    const { original, variants } = await this.decodeTurns.run(async () => {
      const original = await cleanOriginalOf(content, format);
      return { original, variants: await imageVariantsOf(id, original) };
    });
    // Copies first: once the original is there, its path is answered and its copies must exist.
    for (const variant of variants) await this.insert(variant.fileName, variant.content);
    await this.insert(fileName, original);
    const copiesBytes = variants.reduce((sum, variant) => sum + variant.content.length, 0);
    this.logger.log(
      `stored ${fileName} (${content.length} bytes uploaded, ${original.length} without metadata) and ${variants.length} copies (${copiesBytes} bytes) in ${Math.round(performance.now() - started)} ms`,
    );
    return imagePathOf(fileName);
  }

  /** Stores one of the shop's own images under its name unless an image of that name is there already; answers its public path. */
  async install(source: string, fileName: string): Promise<string> {
    if (!IMAGE_FILE_NAME.test(fileName)) throw new Error(`not a servable image name: ${fileName}`);
    await this.insert(fileName, await readFile(source));
    return imagePathOf(fileName);
  }

  /** Stores those of the shop's own images in `dir` that the store does not have yet (one query when it has them all). */
  async installMissing(dir: string, fileNames: string[]): Promise<void> {
    const known = await this.store.has(fileNames);
    for (const fileName of fileNames.filter((name) => !known.has(name))) await this.install(join(dir, fileName), fileName);
  }

  /**
   * The image stored under `fileName`, or undefined; a missing copy of an uploaded original is made
   * first (throws ImageDecodersBusyError when it cannot be made now).
   */
  async read(fileName: string): Promise<StoredImage | undefined> {
    const cached = this.cache.get(fileName);
    if (cached) return cached;
    let stored = await this.store.get(fileName);
    if (!stored) {
      const variant = parseImageVariantFile(fileName);
      if (!variant || !(await this.deriveCopies(variant.id))) return undefined;
      stored = await this.store.get(fileName);
      if (!stored) return undefined;
    }
    // The type follows the name, whatever a shared bucket says about the object.
    const image = { contentType: contentTypeOf(fileName) ?? stored.contentType, content: stored.content };
    this.cache.set(fileName, image);
    return image;
  }

  /**
   * Makes and stores the copies of original `id` (uploaded before copies existed); false when there
   * is no such original, or it cannot be decoded or costs more to decode than allowed; throws
   * ImageDecodersBusyError when it must wait and the line is full (the next request tries again). Two
   * replicas doing it at once store the same names, and the store keeps the first.
   */
  private deriveCopies(id: string): Promise<boolean> {
    let work = this.deriving.get(id);
    if (!work) {
      work = this.makeCopies(id).finally(() => this.deriving.delete(id));
      this.deriving.set(id, work);
    }
    return work;
  }

  private async makeCopies(id: string): Promise<boolean> {
    const candidates = UPLOADED_EXTENSIONS.map((extension) => `${id}.${extension}`);
    const [originalName] = await this.store.has(candidates);
    const original = originalName === undefined ? undefined : await this.store.get(originalName);
    if (!original) return false;
    try {
      await checkedImageHeader(original.content, this.maxDecodeBytes);
      const variants = await this.decodeTurns.run(() => imageVariantsOf(id, original.content));
      for (const variant of variants) await this.insert(variant.fileName, variant.content);
      this.logger.log(`made ${variants.length} copies of ${originalName}, stored before copies existed`);
      return true;
    } catch (error) {
      if (error instanceof ImageDecodersBusyError) throw error;
      this.logger.warn(`cannot make copies of ${originalName}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private async insert(fileName: string, content: Buffer): Promise<void> {
    const contentType = contentTypeOf(fileName);
    if (!contentType) throw new Error(`not a servable image name: ${fileName}`);
    await this.store.put(fileName, { contentType, content });
  }

  private async importLegacyFolder(): Promise<void> {
    const names = await readdir(this.legacyDir).catch(() => [] as string[]);
    const candidates = names.filter((name) => IMAGE_FILE_NAME.test(name));
    if (candidates.length === 0) return;
    const known = await this.store.has(candidates);
    const missing = candidates.filter((name) => !known.has(name));
    for (const name of missing) await this.insert(name, await readFile(join(this.legacyDir, name)));
    if (missing.length > 0) this.logger.log(`imported ${missing.length} images from ${this.legacyDir} into ${this.store.description}`);
  }
}
