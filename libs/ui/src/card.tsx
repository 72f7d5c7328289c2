import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { Picture } from './picture.js';

/** The frame of a product card: image on top, body below, the same height as its neighbours in a row. */
export const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background-color: ${({ theme }) => theme.colors.background};
  overflow: hidden;
`;

export const CardBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  flex: 1;
  padding: ${({ theme }) => theme.space[3]};
`;

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
}

/** The box reserves its height from the ratio before the image arrives, so nothing below it jumps. */
const MediaBox = styled.div<{ $ratio: number }>`
  aspect-ratio: ${({ $ratio }) => $ratio};
  background-color: ${({ theme }) => theme.colors.surface};

  a {
    display: block;
    height: 100%;
  }

  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The intrinsic width given to a card image; its height follows from the box's ratio. */
const MEDIA_WIDTH = 640;

/** A card's image in a fixed-ratio box, in the best format and size the browser takes, loaded lazily unless it is a priority. */
export function CardMedia({ src, alt, ratio = 4 / 3, sizes = '100vw', wrap, priority = false }: CardMediaProps) {
  const image = <Picture src={src} alt={alt} width={MEDIA_WIDTH} height={Math.round(MEDIA_WIDTH / ratio)} sizes={sizes} priority={priority} />;
  return <MediaBox $ratio={ratio}>{wrap ? wrap(image) : image}</MediaBox>;
}
