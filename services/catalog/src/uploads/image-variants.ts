import type { Metadata, Sharp } from 'sharp';
import { IMAGE_FORMATS, IMAGE_WIDTHS, imageVariantFile, type ImageFormat, type ImageWidth } from '@shop/contracts';
import { decodeCostOf, TooCostlyImageError } from './image-decoding.js';
import { loadSharp } from './load-sharp.js';

/** An image that cannot be decoded, however its first bytes look. */
export class UndecodableImageError extends Error {}

/** An image with more pixels than the catalog decodes (a decompression bomb, or simply far too big for a product picture). */
export class OversizedImageError extends Error {}

/** At most 40 megapixels (e.g. 8000 x 5000): more is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The formats an original may have, as sharp names them. */
export type OriginalFormat = 'png' | 'jpeg' | 'webp';

const DECODING = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

/**
 * Encoder settings, chosen by measurement (docs/decisions.md, "Images: responsive copies"): AVIF at
 * effort 2 is as small as the default effort within a few percent and several times faster.
 */
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
};

/**
 * How an original is written again. Never interlaced, so that later decodes of it stream. JPEG
 * without optimised Huffman tables: optimising them keeps every DCT coefficient of the image in memory
 * (150 MB for 24 megapixels, measured) for files about 8 % smaller.
 */
const ORIGINAL_ENCODERS: Record<OriginalFormat, (image: Sharp) => Sharp> = {
  png: (image) => image.png({ progressive: false }),
  jpeg: (image) => image.jpeg({ quality: 90, progressive: false, optimiseCoding: false }),
  webp: (image) => image.webp({ quality: 90 }),
};

/** The width copies are made from: the widest copy's. */
const BASE_WIDTH = Math.max(...IMAGE_WIDTHS);

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
  /** Bytes its decoding may take (decodeCostOf). */
  costBytes: number;
}

/** Runs sharp's work, naming its failures as the catalog does. */
async function decoding<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new OversizedImageError(message);
    throw new UndecodableImageError(message);
  }
}

/**
 * Reads an image's header, without decoding its pixels, and refuses it when decoding it would cost more
 * than `maxDecodeBytes`: throws UndecodableImageError, OversizedImageError or TooCostlyImageError.
 */
export async function checkedImageHeader(content: Buffer, maxDecodeBytes: number): Promise<ImageHeader> {
  const sharp = await loadSharp();
  const header: Metadata = await decoding(() => sharp(content, DECODING).metadata());
  if (!header.width || !header.height || !header.channels) throw new UndecodableImageError('no dimensions in the header');
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new OversizedImageError(`${header.width} x ${header.height}: over the pixel limit`);
  const cost = decodeCostOf(header);
  if (cost.bytes > maxDecodeBytes) throw new TooCostlyImageError(cost, maxDecodeBytes);
  return { format: header.format, width: header.width, height: header.height, costBytes: cost.bytes };
}

/**
 * The original as the shop stores and serves it: the same format written again, turned upright by its
 * EXIF orientation, without any metadata (EXIF with its GPS position, XMP, IPTC, comments, PNG text
 * chunks, whatever follows the image's end). Throws UndecodableImageError or OversizedImageError.
 */
export async function cleanOriginalOf(original: Buffer, format: OriginalFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  // sharp writes no metadata unless asked to (withMetadata, keepExif…).
  return decoding(() => ORIGINAL_ENCODERS[format](sharp(original, DECODING).rotate()).toBuffer());
}

export interface ImageVariant {
  fileName: string;
  width: ImageWidth;
  format: ImageFormat;
  content: Buffer;
}

/**
 * The copies of an image stored as `{id}.{ext}`: every width of IMAGE_WIDTHS in every format of
 * IMAGE_FORMATS (the naming rule of @shop/contracts' images.ts), never enlarged (a copy wider than the
 * original has the original's width, so every name always exists), turned upright by its EXIF
 * orientation, without metadata. The original is decoded once, to its widest copy's size, and every
 * copy is made from that small picture. Throws UndecodableImageError or OversizedImageError.
 */
export async function imageVariantsOf(id: string, original: Buffer): Promise<ImageVariant[]> {
  const sharp = await loadSharp();
  return decoding(async () => {
    const base = await sharp(original, DECODING).rotate()
      .resize({ width: BASE_WIDTH, withoutEnlargement: true })
      // 8-bit sRGB whatever the original (16-bit, CMYK, grey with alpha): the copies are for browsers.
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = base.info;
    const jobs = IMAGE_WIDTHS.flatMap((copyWidth) =>
      IMAGE_FORMATS.map(async (format) => {
        const resized = sharp(base.data, { raw: { width, height, channels } }).resize({ width: copyWidth, withoutEnlargement: true });
        return { fileName: imageVariantFile(id, copyWidth, format), width: copyWidth, format, content: await ENCODERS[format](resized).toBuffer() };
      }),
    );
    return Promise.all(jobs);
  });
}
