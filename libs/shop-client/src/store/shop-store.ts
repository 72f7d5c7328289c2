import { PAYMENT_GATEWAYS, type PaymentGateway, type ShippingAddressDto, type UserInfoDto } from '@shop/contracts';
import { withItem, type CartItem } from './cart.js';

/** The browser-held state of spec section 3: the session and the cart with its checkout details. */
export interface ShopState {
  userInfo: UserInfoDto | null;
  cartItems: CartItem[];
  shippingAddress: ShippingAddressDto | null;
  paymentGateway: PaymentGateway;
}

/** The local storage key of each part of the state (spec section 3), one key per part. */
export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  cartItems: 'cartItems',
  shippingAddress: 'shippingAddress',
  paymentGateway: 'paymentGateway',
} as const satisfies Record<keyof ShopState, string>;

/** The spec's default and only payment gateway. */
export const DEFAULT_PAYMENT_GATEWAY: PaymentGateway = 'PayPal';

export interface ShopStore {
  getState(): ShopState;
  subscribe(listener: () => void): () => void;
  /** Keeps the user info of a sign-in, registration or profile update. */
  signIn(userInfo: UserInfoDto): void;
  /** Forgets the user only (a new sign-in starts); the cart stays. */
  clearUserInfo(): void;
  /** Forgets the user and everything of theirs: cart, shipping address, payment gateway. */
  signOut(): void;
  addToCart(item: CartItem): void;
  removeFromCart(productId: string): void;
  saveShippingAddress(address: ShippingAddressDto): void;
  savePaymentGateway(gateway: PaymentGateway): void;
  /** Empties the cart once its order is placed; the address and gateway stay for the next order. */
  clearCart(): void;
  /** Stops listening to other tabs (tests, or a store made for one page). */
  dispose(): void;
}

export interface ShopStoreOptions {
  /** Where the state persists; the browser's local storage by default, none outside a browser. */
  storage?: Storage | null;
  /** The window whose `storage` events bring other tabs' changes; the global one by default. */
  window?: Window | null;
}

type Readers = { [K in keyof ShopState]: (raw: unknown) => ShopState[K] };

/** Turns what storage held into state, falling back to the empty value for anything malformed. */
const readers: Readers = {
  userInfo: (raw) => (isObject(raw) && typeof raw.token === 'string' ? (raw as unknown as UserInfoDto) : null),
  cartItems: (raw) => (Array.isArray(raw) ? raw.filter(isCartItem) : []),
  shippingAddress: (raw) => (isObject(raw) ? (raw as unknown as ShippingAddressDto) : null),
  paymentGateway: (raw) =>
    PAYMENT_GATEWAYS.includes(raw as PaymentGateway) ? (raw as PaymentGateway) : DEFAULT_PAYMENT_GATEWAY,
};

const emptyState: ShopState = {
  userInfo: null,
  cartItems: [],
  shippingAddress: null,
  paymentGateway: DEFAULT_PAYMENT_GATEWAY,
};

/**
 * A tiny external store for `useSyncExternalStore`. Every change is written to local storage at
 * once and announced to subscribers; changes made in other tabs arrive through `storage` events.
 */
export function createShopStore(options: ShopStoreOptions = {}): ShopStore {
  const storage = options.storage !== undefined ? options.storage : safeLocalStorage();
  const win = options.window !== undefined ? options.window : typeof window === 'undefined' ? null : window;
  const listeners = new Set<() => void>();

  let state: ShopState = restore();

  function restore(): ShopState {
    return {
      userInfo: readKey('userInfo'),
      cartItems: readKey('cartItems'),
      shippingAddress: readKey('shippingAddress'),
      paymentGateway: readKey('paymentGateway'),
    };
  }

  function readKey<K extends keyof ShopState>(key: K): ShopState[K] {
    const raw = storage?.getItem(STORAGE_KEYS[key]) ?? null;
    if (raw === null) return emptyState[key];
    try {
      return readers[key](JSON.parse(raw));
    } catch {
      return emptyState[key]; // corrupt JSON (an old version, a hand edit): start empty rather than crash
    }
  }

  function writeKey<K extends keyof ShopState>(key: K, value: ShopState[K]): void {
    try {
      if (value === null) storage?.removeItem(STORAGE_KEYS[key]);
      else storage?.setItem(STORAGE_KEYS[key], JSON.stringify(value));
    } catch {
      // Storage full or denied (private mode): the state still holds for this page.
    }
  }

  function update(changes: Partial<ShopState>): void {
    state = { ...state, ...changes };
    for (const key of Object.keys(changes) as (keyof ShopState)[]) writeKey(key, state[key]);
    notify();
  }

  function notify(): void {
    for (const listener of listeners) listener();
  }

  /** Another tab changed (or cleared) local storage: take its values for our keys. */
  function onStorage(event: StorageEvent): void {
    if (event.storageArea && event.storageArea !== storage) return;
    const keys = (Object.keys(STORAGE_KEYS) as (keyof ShopState)[]).filter(
      (key) => event.key === null || event.key === STORAGE_KEYS[key],
    );
    if (keys.length === 0) return;
    state = { ...state, ...Object.fromEntries(keys.map((key) => [key, readKey(key)])) };
    notify();
  }

  win?.addEventListener('storage', onStorage);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: (userInfo) => update({ userInfo }),
    clearUserInfo: () => update({ userInfo: null }),
    signOut() {
      // Nothing of the last user stays on a shared browser: every key goes, not just the token.
      state = emptyState;
      for (const key of Object.values(STORAGE_KEYS)) {
        try {
          storage?.removeItem(key);
        } catch {
          // Storage denied: nothing was kept there either.
        }
      }
      notify();
    },
    addToCart: (item) => update({ cartItems: withItem(state.cartItems, item) }),
    removeFromCart: (productId) => update({ cartItems: state.cartItems.filter((item) => item.product !== productId) }),
    saveShippingAddress: (shippingAddress) => update({ shippingAddress }),
    savePaymentGateway: (paymentGateway) => update({ paymentGateway }),
    clearCart: () => update({ cartItems: [] }),
    dispose: () => win?.removeEventListener('storage', onStorage),
  };
}

/** Local storage, or none where it is missing or access throws (some privacy settings). */
function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCartItem(value: unknown): value is CartItem {
  return (
    isObject(value) &&
    typeof value.product === 'string' &&
    typeof value.price === 'number' &&
    typeof value.quantity === 'number'
  );
}

/**
 * The one store of the page. Module Federation shares this package as a singleton, so the shell
 * and every remote import this same instance and see each other's changes at once.
 */
export const shopStore: ShopStore = createShopStore();
