/**
 * Responsive images: the catalog keeps, beside every raster image it serves (uploads, and the demo
 * catalog's pictures), copies resized to a few widths in modern formats, under names derived from the
 * original's. The front ends build `srcset`
 * from the same rule, so a product keeps one `image` path (the spec's contract) and no list of files.
 *
 *   /uploads/3f1c…e9.png          the original, as uploaded (the fallback every browser can show)
 *   /uploads/3f1c…e9-w640.avif    640 px wide (or the original's width, if smaller), AVIF
 *   /uploads/3f1c…e9-w640.webp    the same in WebP
 *
 * The demo catalog's pictures follow the same rule under their own names (/uploads/airpods-pro.webp,
 * /uploads/airpods-pro-w320.avif). SVGs (the sample product's) and images from elsewhere have no copies.
 */

/** The widths of the copies, in CSS pixels at 1x to 3x of the places images are shown (thumbnails to the product page). */
export const IMAGE_WIDTHS = [160, 320, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The formats of the copies, best first: a browser takes the first `<source>` it supports. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** A raster image's path in the catalog: /uploads/{name}.{png|jpg|webp}, the name a uuid (uploads) or a slug (demo). */
const RASTER_IMAGE = /^\/uploads\/([a-z0-9-]+)\.(png|jpg|jpeg|webp)$/;

/** A copy's file name: {name}-w{width}.{format}. */
const VARIANT_FILE = /^([a-z0-9-]+)-w(\d+)\.(avif|webp)$/;

/** The file name of an uploaded image's copy at `width` in `format`. */
export const imageVariantFile = (id: string, width: ImageWidth, format: ImageFormat): string => `${id}-w${width}.${format}`;

/** What a variant's file name says: the original's id, the width and the format; undefined for any other name. */
export function parseImageVariantFile(fileName: string): { id: string; width: ImageWidth; format: ImageFormat } | undefined {
  const match = VARIANT_FILE.exec(fileName);
  if (!match) return undefined;
  const width = Number(match[2]) as ImageWidth;
  if (!IMAGE_WIDTHS.includes(width)) return undefined;
  return { id: match[1], width, format: match[3] as ImageFormat };
}

/** One `<source>` of a `<picture>`. */
export interface ImageSource {
  type: `image/${ImageFormat}`;
  srcSet: string;
}

/**
 * The `<source>`s of an image path, best format first; empty for an image without copies (SVG,
 * elsewhere, or a name that is itself a copy's).
 */
export function imageSourcesOf(path: string): ImageSource[] {
  const match = RASTER_IMAGE.exec(path);
  if (!match || parseImageVariantFile(`${match[1]}.webp`)) return [];
  const id = match[1];
  return IMAGE_FORMATS.map((format) => ({
    type: `image/${format}` as const,
    srcSet: IMAGE_WIDTHS.map((width) => `/uploads/${imageVariantFile(id, width, format)} ${width}w`).join(', '),
  }));
}
