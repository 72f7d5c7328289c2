import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { PaymentGateway, ShippingAddressDto, UserInfoDto } from '@shop/contracts';
import { useShopClient } from '../query/shop-client-provider.js';
import { cartCount, cartSubtotal, type CartItem } from './cart.js';
import type { ShopActions, ShopState } from './shop-store.js';

/**
 * Reads one part of the state of the nearest ShopClientProvider's store and re-renders when it
 * changes. The selector must return a part of the state as it is (not a new object), so that an
 * unchanged part compares equal.
 */
export function useShopState<T>(select: (state: ShopState) => T): T {
  return useStore(useShopClient().store, select);
}

/** The store's actions (sign in, add to cart, save the address…), of the nearest ShopClientProvider. */
export function useShopActions(): ShopActions {
  return useShopClient().store;
}

export interface Session {
  userInfo: UserInfoDto | null;
  isSignedIn: boolean;
  isAdmin: boolean;
}

/** The signed-in user, if any. */
export function useSession(): Session {
  const userInfo = useShopState((state) => state.userInfo);
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
export function useCart(): Cart {
  const cartItems = useShopState((state) => state.cartItems);
  const shippingAddress = useShopState((state) => state.shippingAddress);
  const paymentGateway = useShopState((state) => state.paymentGateway);
  return useMemo(
    () => ({ cartItems, shippingAddress, paymentGateway, count: cartCount(cartItems), subtotal: cartSubtotal(cartItems) }),
    [cartItems, shippingAddress, paymentGateway],
  );
}
