import { css, cx, Picture, theme, useStaticStyles, type PictureProps } from '@shop/ui';

const thumb = 'checkout-thumb';

const THUMB_STYLE_ID = 'checkout-thumb-style';

const thumbCss = css`
.${thumb} {
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  object-fit: cover;
  overflow: hidden;
  font-size: ${theme.fontSizes.sm};
  border-radius: ${theme.radii.sm};
  background-color: ${theme.colors.surface};
}
`;

/**
 * A product's picture in a cart or order line: a fixed square, so the line does not move when the
 * picture arrives, and a missing picture keeps its alt text inside the box.
 */
export function ProductThumb({ className, ...props }: PictureProps) {
  useStaticStyles(THUMB_STYLE_ID, thumbCss);
  return <Picture {...props} className={cx(thumb, className)} />;
}
