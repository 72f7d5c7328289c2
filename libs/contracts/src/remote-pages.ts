import type { OrderDto } from './orders.js';

/**
 * The contract between the shell and its remotes: the page modules each remote exposes. The shell's
 * route table may name only these (apps/shell/src/app/route-table.spec.ts); each remote's build
 * exposes exactly these, from src/exposes/{kebab-case name}.tsx (rspack.preset.mjs derives its
 * `exposes` from this list), and its exposes.contract.spec.ts checks each is a component, by type and
 * by loading it. Removing a page here, or a remote's file, fails the build or the tests of both sides.
 */
export const REMOTE_PAGES = {
  catalog: ['HomePage', 'ProductPage'],
  checkout: ['CartPage', 'LoginPage', 'RegisterPage', 'ForgotPasswordPage', 'ResetPasswordPage', 'ProfilePage', 'ShippingPage', 'PaymentPage', 'PlaceOrderPage', 'OrderPage'],
  admin: ['UserListPage', 'UserEditPage', 'ProductListPage', 'ProductEditPage', 'OrderListPage', 'ReleasesPage', 'DashboardPage'],
} as const;

/**
 * Parts of a page that one remote renders inside another's page, through Module Federation, so each
 * capability has one owner: admin's actions on an order (Mark as Delivered) and admin's view of its
 * history on checkout's order page; checkout's sign-in form wherever another remote needs a sign-in
 * (admin's page when it runs alone).
 * Each is exposed like a page, from src/exposes/{kebab-case name}.tsx, and rendered with
 * `<RemotePart>` of @shop/shop-client with the props named in RemotePartProps.
 */
export const REMOTE_PARTS = {
  catalog: ['SearchBox'],
  checkout: ['SignInForm'],
  admin: ['OrderAdminActions', 'OrderAdminHistory'],
} as const satisfies Record<keyof typeof REMOTE_PAGES, readonly string[]>;

/** What each remote part is given by the page that renders it: the contract between owner and user. */
export interface RemotePartProps {
  /** Admin's actions on an order, for an admin (a paid, undelivered order offers 'Mark as Delivered'). */
  OrderAdminActions: { order: OrderDto };
  /**
   * Admin's view of an order's history, for an admin, instead of the buyer's timeline: every step, who
   * made it and its details. `order` is the order as the page shows it: a change to it reads the history again.
   */
  OrderAdminHistory: { order: OrderDto };
  /** Checkout's sign-in form; `title` replaces its heading 'Sign In'. Signing in updates the page's session. */
  SignInForm: { title?: string };
  /**
   * Catalog's search box with suggestions as the shopper types, for the shell's header (docs/shell.md):
   * the spec's box (placeholder, button, where a search goes) plus a listbox of products. It replaces
   * the shell's plain box once loaded, taking over its text and focus.
   */
  SearchBox: {
    /** What the box the part replaces held (the shell's plain box, typed into before the part loaded). */
    text?: string;
    /** The replaced box had the focus: the part's box takes it. */
    focused?: boolean;
  };
}

/** A part a remote exposes, e.g. `OrderAdminActions` of `admin`. */
export type RemotePartName<R extends RemoteName = RemoteName> = (typeof REMOTE_PARTS)[R][number];

/**
 * What a remote's exposed parts must be, as ExposedPages is for pages: `{ OrderAdminActions: () =>
 * import('./order-admin-actions.js') } satisfies ExposedParts<'admin'>` fails to typecheck when a part is
 * missing, extra, or takes other props than the contract's.
 */
export type ExposedParts<R extends RemoteName> = {
  [P in RemotePartName<R>]: () => Promise<{ default: (props: RemotePartProps[P]) => unknown }>;
};

/** The micro-frontends the shell composes. */
export type RemoteName = keyof typeof REMOTE_PAGES;

/** A page module a remote exposes, e.g. `HomePage` of `catalog`. */
export type RemotePageName<R extends RemoteName = RemoteName> = (typeof REMOTE_PAGES)[R][number];

/**
 * What a remote's exposed modules must be: for every page of the contract, a module whose default
 * export is a component taking no props. A remote writes `{ HomePage: () => import('./home-page.js'), … }
 * satisfies ExposedPages<'catalog'>`: a missing or extra page, or one that is no component, is a type error.
 */
export type ExposedPages<R extends RemoteName> = {
  [P in RemotePageName<R>]: () => Promise<{ default: (props: Record<string, never>) => unknown }>;
};

/**
 * Matches a URL path against a route pattern of the shell's table as react-router does: whole
 * segments, any letter case, `:name` a segment, `:name?` an optional one. Gives the segments' values,
 * or undefined when the path is not the pattern's. Shared by the shell (which remote owns a path) and
 * the gateway (what to preload with a page).
 */
export function matchRoutePattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const parts = pattern.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  const required = parts.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return undefined;
  // Without a prototype: the names come from a route table read from a file, and a segment named
  // `__proto__` (or `constructor`) is a segment like any other, not Object's own property.
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [i, segment] of segments.entries()) {
    const part = parts[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1).replace(/\?$/, '')] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return undefined;
  }
  return params;
}

/** A segment that may go into an API address as it is: an id or a number, nothing to encode. */
const PLAIN_SEGMENT = /^[A-Za-z0-9-]{1,100}$/;

/**
 * Whether the path's segments put into an API address's path (`/api/products/:id`, not its query) what
 * no id can be (`"><b>`, a space): the page's subject cannot exist, and the page answers 404 as one whose
 * subject is not found. A query's value (a search keyword with a space) is no such case.
 */
export function namesImpossibleId(templates: readonly string[], params: Record<string, string>): boolean {
  return templates.some((template) =>
    [...(template.split('?')[0] ?? '').matchAll(/:([A-Za-z]+)/g)].some(([, name = '']) => !PLAIN_SEGMENT.test(Object.hasOwn(params, name) ? (params[name] ?? '') : '')),
  );
}

/**
 * A route's API addresses (its `data` templates, `/api/products/:id`) with the path's segments filled
 * in; an address with a segment that is not plain is left out, and so is anything outside `/api/`.
 * Shared by the gateway (preload hints in index.html) and the shell (those answers in its query cache
 * before the first render), so that both name the same addresses.
 */
export function routeDataOf(templates: readonly string[], params: Record<string, string>): string[] {
  return templates.flatMap((template) => {
    let plain = true;
    const address = template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = Object.hasOwn(params, name) ? params[name] : '';
      plain &&= PLAIN_SEGMENT.test(value);
      return value;
    });
    return plain && address.startsWith('/api/') ? [address] : [];
  });
}

