import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Body, CardFrame, MediaBox } from './card.styles.js';
import { Picture } from './picture.js';

/** The frame of a product card: image on top, body below, the same height as its neighbours in a row. */
export function Card(props: ComponentPropsWithoutRef<'article'>) {
  return <CardFrame {...props} />;
}

export function CardBody(props: ComponentPropsWithoutRef<'div'>) {
  return <Body {...props} />;
}

export interface CardMediaProps {
  src: string;
  /** Required: every image has alt text (usually the product name). */
  alt: string;
  /** Width / height of the image box; 4 / 3 by default. */
  ratio?: number;
  /** How wide the card shows at each viewport width (see Picture); the whole viewport by default. */
  sizes?: string;
  /** Wraps the image, e.g. in a link to the product. */
  wrap?: (image: ReactNode) => ReactNode;
  /**
   * Above the fold (the first row of a grid): fetched at once and first, not lazily. The page's
   * largest image is usually one of these, and a lazy image starts only after layout.
   */
  priority?: boolean;
  /** For a styled wrapper: lands on the image's box. */
  className?: string;
}

/** The intrinsic width given to a card image; its height follows from the box's ratio. */
const MEDIA_WIDTH = 640;

/** A card's image in a fixed-ratio box, in the best format and size the browser takes, loaded lazily unless it is a priority. */
export function CardMedia({ src, alt, ratio = 4 / 3, sizes = '100vw', wrap, priority = false, className }: CardMediaProps) {
  const image = <Picture src={src} alt={alt} width={MEDIA_WIDTH} height={Math.round(MEDIA_WIDTH / ratio)} sizes={sizes} priority={priority} />;
  // The box reserves its height from the ratio before the image arrives, so nothing below it jumps.
  return (
    <MediaBox className={className} style={{ aspectRatio: ratio }}>
      {wrap ? wrap(image) : image}
    </MediaBox>
  );
}
