/**
 * Router state with which /placeorder opens the new order's page, so that page says 'Order created!'
 * (spec section 2) once, and a reload or a later visit does not.
 */
export interface OrderCreatedState {
  orderCreated: true;
}

export function isOrderCreatedState(state: unknown): state is OrderCreatedState {
  return typeof state === 'object' && state !== null && (state as Partial<OrderCreatedState>).orderCreated === true;
}
