/** The lines of an order: static CSS from the @shop/ui theme, added once by the list of lines. */
import { classed, css, media, theme } from '@shop/ui';

const { colors, space } = theme;

const orderItems = { list: 'checkout-order-items', item: 'checkout-order-items__item', amount: 'checkout-order-items__amount' } as const;

export const ORDER_ITEMS_STYLE_ID = 'checkout-order-items-style';

export const orderItemsCss = css`
.${orderItems.list} {
  margin: 0;
  padding: 0;
  list-style: none;
}
.${orderItems.item} {
  display: grid;
  grid-template-columns: ${space[5]} 1fr;
  gap: ${space[2]} ${space[3]};
  align-items: center;
  padding: ${space[2]} 0;
  border-bottom: ${theme.borders.hairline} solid ${colors.border};
}
.${orderItems.item}:last-child {
  border-bottom: 0;
}
.${orderItems.amount} {
  grid-column: 2;
}
${media.up('md')} {
  .${orderItems.item} {
    grid-template-columns: ${space[5]} 1fr auto;
  }
  .${orderItems.amount} {
    grid-column: 3;
  }
}
`;

export const List = classed('ul', orderItems.list);
export const Item = classed('li', orderItems.item);
export const Amount = classed('span', orderItems.amount);
