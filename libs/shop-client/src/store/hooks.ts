import { useMemo, useSyncExternalStore } from 'react';
import type { PaymentGateway, ShippingAddressDto, UserInfoDto } from '@shop/contracts';
import { cartCount, cartSubtotal, type CartItem } from './cart.js';
import { shopStore, type ShopState, type ShopStore } from './shop-store.js';

/**
 * Reads one part of the state and re-renders when it changes. The selector must return a part
 * of the state as it is (not a new object), so that an unchanged part compares equal.
 */
export function useShopState<T>(select: (state: ShopState) => T, store: ShopStore = shopStore): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}

export interface Session {
  userInfo: UserInfoDto | null;
  isSignedIn: boolean;
  isAdmin: boolean;
}

/** The signed-in user, if any. */
export function useSession(store: ShopStore = shopStore): Session {
  const userInfo = useShopState((state) => state.userInfo, store);
  return useMemo(() => ({ userInfo, isSignedIn: userInfo !== null, isAdmin: userInfo?.isAdmin === true }), [userInfo]);
}

export interface Cart {
  cartItems: CartItem[];
  shippingAddress: ShippingAddressDto | null;
  paymentGateway: PaymentGateway;
  /** The number of items: the sum of the quantities. */
  count: number;
  /** The sum of price times quantity, to 2 decimals. */
  subtotal: number;
}

/** The cart with its checkout details, and its count and subtotal. */
export function useCart(store: ShopStore = shopStore): Cart {
  const cartItems = useShopState((state) => state.cartItems, store);
  const shippingAddress = useShopState((state) => state.shippingAddress, store);
  const paymentGateway = useShopState((state) => state.paymentGateway, store);
  return useMemo(
    () => ({ cartItems, shippingAddress, paymentGateway, count: cartCount(cartItems), subtotal: cartSubtotal(cartItems) }),
    [cartItems, shippingAddress, paymentGateway],
  );
}
