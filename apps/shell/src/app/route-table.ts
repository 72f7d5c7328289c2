/**
 * The route table of spec section 2: each route names the remote that owns the screen and the
 * page module that remote exposes (docs/micro-frontends.md lists them all). Plain data with no
 * React in it, so the entry chunk can find the first page's remote before React has downloaded.
 */
import type { RemotePage } from '../remotes.js';

export interface ShopRoute extends RemotePage {
  /** A react-router path pattern: `:name` is a segment, `:name?` an optional one. */
  path: string;
}

const catalog = (path: string, module: string): ShopRoute => ({ path, remote: 'catalog', module });
const checkout = (path: string, module: string): ShopRoute => ({ path, remote: 'checkout', module });
const admin = (path: string, module: string): ShopRoute => ({ path, remote: 'admin', module });

export const shopRoutes: readonly ShopRoute[] = [
  catalog('/', 'HomePage'),
  catalog('/page/:pageNumber', 'HomePage'),
  catalog('/search/:keyword', 'HomePage'),
  catalog('/search/:keyword/page/:pageNumber', 'HomePage'),
  catalog('/product/:id', 'ProductPage'),
  checkout('/cart/:id?', 'CartPage'),
  checkout('/login', 'LoginPage'),
  checkout('/register', 'RegisterPage'),
  checkout('/profile', 'ProfilePage'),
  checkout('/shipping', 'ShippingPage'),
  checkout('/payment', 'PaymentPage'),
  checkout('/placeorder', 'PlaceOrderPage'),
  checkout('/order/:id', 'OrderPage'),
  admin('/admin/userList', 'UserListPage'),
  admin('/admin/users/:id/edit', 'UserEditPage'),
  admin('/admin/productList', 'ProductListPage'),
  admin('/admin/productlist/:pageNumber', 'ProductListPage'),
  admin('/admin/product/:id/edit', 'ProductEditPage'),
  admin('/admin/orderList', 'OrderListPage'),
];

/**
 * The page that renders at a URL path, matched as react-router matches these patterns (whole
 * segments, case-insensitive). The router stays the authority for rendering; this only picks the
 * remote worth fetching early (routes.spec.tsx checks the two agree on every route).
 */
export function remotePageFor(pathname: string): ShopRoute | undefined {
  const segments = segmentsOf(pathname);
  return shopRoutes.find((route) => matches(segmentsOf(route.path), segments));
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matches(pattern: string[], segments: string[]): boolean {
  const required = pattern.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > pattern.length) return false;
  return segments.every((segment, i) => {
    const part = pattern[i] ?? '';
    return part.startsWith(':') || part.toLowerCase() === segment.toLowerCase();
  });
}
