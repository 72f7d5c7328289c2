import { persist, type PersistStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
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

/** What changes the state: every change is written to local storage at once. */
export interface ShopActions {
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
}

/**
 * The session and cart store: a zustand store of the state (`getState`, `subscribe`, React's
 * `useStore`), with its actions beside it and `dispose` to stop following other tabs.
 */
export type ShopStore = StoreApi<ShopState> & ShopActions & { dispose(): void };

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

const stateKeys = Object.keys(STORAGE_KEYS) as (keyof ShopState)[];

/**
 * zustand's persist storage, laid out as the spec names it: each part of the state under its own
 * local storage key (persist's default would keep one JSON blob under one name). A part is written only
 * when storage holds something else, removed when it is null, and read back through its reader, so an
 * old or hand-edited value starts empty instead of failing.
 */
function specKeyStorage(storage: Storage): PersistStorage<ShopState> {
  function readKey<K extends keyof ShopState>(key: K): ShopState[K] {
    const raw = storage.getItem(STORAGE_KEYS[key]);
    if (raw === null) return emptyState[key];
    try {
      return readers[key](JSON.parse(raw));
    } catch {
      return emptyState[key]; // corrupt JSON (an old version, a hand edit): start empty rather than crash
    }
  }

  const quietly = (write: () => void) => {
    try {
      write();
    } catch {
      // Storage full or denied (private mode): the state still holds for this page.
    }
  };

  return {
    getItem() {
      return { state: Object.fromEntries(stateKeys.map((key) => [key, readKey(key)])) as unknown as ShopState };
    },
    setItem(_name, { state }) {
      for (const key of stateKeys) {
        const value = state[key] === null ? null : JSON.stringify(state[key]);
        if (value === storage.getItem(STORAGE_KEYS[key])) continue;
        quietly(() => (value === null ? storage.removeItem(STORAGE_KEYS[key]) : storage.setItem(STORAGE_KEYS[key], value)));
      }
    },
    removeItem() {
      for (const key of stateKeys) quietly(() => storage.removeItem(STORAGE_KEYS[key]));
    },
  };
}

/**
 * The session and cart store (zustand with its persist middleware): restored from local storage when
 * made, every change written back at once, and other tabs' changes taken from `storage` events.
 */
export function createShopStore(options: ShopStoreOptions = {}): ShopStore {
  const storage = options.storage !== undefined ? options.storage : safeLocalStorage();
  const win = options.window !== undefined ? options.window : typeof window === 'undefined' ? null : window;
  const store = createStore<ShopState>()(
    persist(() => emptyState, {
      name: 'shop',
      storage: storage ? specKeyStorage(storage) : undefined,
    }),
  );
  const update = (changes: Partial<ShopState>) => store.setState(changes);

  /** Another tab changed (or cleared) local storage: take its values for our keys. */
  function onStorage(event: StorageEvent): void {
    if (!storage || (event.storageArea && event.storageArea !== storage)) return;
    if (event.key !== null && !Object.values<string>(STORAGE_KEYS).includes(event.key)) return;
    void store.persist.rehydrate();
  }
  win?.addEventListener('storage', onStorage);

  const actions: ShopActions = {
    signIn: (userInfo) => update({ userInfo }),
    clearUserInfo: () => update({ userInfo: null }),
    signOut() {
      // Nothing of the last user stays on a shared browser: every key goes, not just the token.
      store.setState(emptyState, true);
      // Without a storage (blocked by the browser, or none asked for) persist adds nothing to clear.
      if (storage) store.persist.clearStorage();
    },
    addToCart: (item) => update({ cartItems: withItem(store.getState().cartItems, item) }),
    removeFromCart: (productId) => update({ cartItems: store.getState().cartItems.filter((item) => item.product !== productId) }),
    saveShippingAddress: (shippingAddress) => update({ shippingAddress }),
    savePaymentGateway: (paymentGateway) => update({ paymentGateway }),
    clearCart: () => update({ cartItems: [] }),
  };
  return Object.assign(store, actions, { dispose: () => win?.removeEventListener('storage', onStorage) });
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
