import type { ImgHTMLAttributes } from 'react';
import { imageSourcesOf } from '@shop/contracts';

export interface PictureProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'sizes' | 'loading' | 'fetchPriority'> {
  /** The product's image path: an uploaded image gets its smaller AVIF/WebP copies, others (SVG) show as they are. */
  src: string;
  /** Required: every image has alt text (usually the product name). */
  alt: string;
  /**
   * The image's size, or only its ratio, in px: the browser reserves the box from it before the image
   * arrives (CSS may still set the shown size), so nothing jumps.
   */
  width: number;
  height: number;
  /** How wide the image shows, so the browser picks the smallest copy that is sharp: `(min-width: 992px) 300px, 100vw`. */
  sizes: string;
  /**
   * Above the fold: fetched at once and first (fetchpriority high), not lazily. The page's largest
   * image is usually one of these, and a lazy image starts only after layout.
   */
  priority?: boolean;
}

/**
 * A product image in the best format and size the browser can use: a `<picture>` offering the
 * catalog's AVIF and WebP copies at several widths (the rule is in @shop/contracts' images.ts), the
 * original as the fallback. Lazy unless it is a priority. Styles given through `className` land on
 * the `<img>`; the `<picture>` itself takes no box (the global styles give it `display: contents`).
 */
export function Picture({ src, alt, width, height, sizes, priority = false, ...img }: PictureProps) {
  const loading = priority ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  const image = <img src={src} alt={alt} width={width} height={height} {...loading} {...img} />;
  const sources = imageSourcesOf(src);
  if (sources.length === 0) return image;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
