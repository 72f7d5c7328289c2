import sharp, { type Sharp } from 'sharp';
import { IMAGE_FORMATS, IMAGE_WIDTHS, imageVariantFile, type ImageFormat, type ImageWidth } from '@shop/contracts';

/** An image that cannot be decoded, however its first bytes look. */
export class UndecodableImageError extends Error {}

/** An image with more pixels than the catalog decodes (a decompression bomb, or simply far too big for a product picture). */
export class OversizedImageError extends Error {}

/** At most 40 megapixels (e.g. 8000 x 5000): more is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Encoder settings, chosen by measurement (docs/decisions.md, "Images: responsive copies"): AVIF at
 * effort 2 is as small as the default effort within a few percent and several times faster.
 */
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
};

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
 * orientation, without metadata. Throws UndecodableImageError or OversizedImageError.
 */
export async function imageVariantsOf(id: string, original: Buffer): Promise<ImageVariant[]> {
  const decoded = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  try {
    await decoded.metadata();
    const jobs = IMAGE_WIDTHS.flatMap((width) =>
      IMAGE_FORMATS.map(async (format) => {
        const resized = decoded.clone().rotate().resize({ width, withoutEnlargement: true });
        return { fileName: imageVariantFile(id, width, format), width, format, content: await ENCODERS[format](resized).toBuffer() };
      }),
    );
    return await Promise.all(jobs);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new OversizedImageError(message);
    throw new UndecodableImageError(message);
  }
}
