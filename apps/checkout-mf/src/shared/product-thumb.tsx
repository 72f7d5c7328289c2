import { styled } from 'styled-components';
import { Picture, theme } from '@shop/ui';

/**
 * A product's picture in a cart or order line: a fixed square, so the line does not move when the
 * picture arrives, and a missing picture keeps its alt text inside the box. Its styles land on the
 * `<img>` (Picture passes `className` to it).
 */
export const ProductThumb = styled(Picture)`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  object-fit: cover;
  overflow: hidden;
  font-size: ${theme.fontSizes.sm};
  border-radius: ${theme.radii.sm};
  background-color: ${theme.colors.surface};
`;
