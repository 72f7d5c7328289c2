/** The cart's lines: static CSS from the @shop/ui theme, added once by the list of lines. */
import { classed, css, media, theme } from '@shop/ui';

const { colors, space } = theme;

const cart = { lines: 'checkout-cart__lines', line: 'checkout-cart__line', quantity: 'checkout-cart__quantity' } as const;

export const CART_STYLE_ID = 'checkout-cart-style';

export const cartCss = css`
.${cart.lines} {
  margin: 0;
  padding: 0;
  list-style: none;
}
.${cart.line} {
  display: grid;
  grid-template-columns: ${space[5]} 1fr auto;
  gap: ${space[3]};
  align-items: center;
  padding: ${space[3]} 0;
  border-bottom: ${theme.borders.hairline} solid ${colors.border};
}
.${cart.quantity} {
  grid-column: 2;
}
.${cart.quantity} > div {
  margin-bottom: 0;
}
${media.up('md')} {
  .${cart.line} {
    grid-template-columns: ${theme.sizes.cartThumb} 2fr 1fr 1fr auto;
  }
  .${cart.quantity} {
    grid-column: auto;
  }
}
`;

export const Lines = classed('ul', cart.lines);
export const Line = classed('li', cart.line);
export const Quantity = classed('div', cart.quantity);
