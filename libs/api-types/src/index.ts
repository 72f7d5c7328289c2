/**
 * The shop's HTTP API as TypeScript types, generated at build from each service's OpenAPI document
 * (scripts/generate.mjs): `ApiPaths['/api/products/{id}']['get']` is that operation, its parameters,
 * request body and every answer. The front ends call the API through @shop/shop-client's `callApi` and
 * `apiGet`, typed by these, so a remote that calls an operation or reads a field a service no longer
 * has fails its typecheck (and CI).
 */
import type { paths as CatalogPaths, components as CatalogComponents } from './generated/catalog.js';
import type { paths as OrdersPaths, components as OrdersComponents } from './generated/orders.js';
import type { paths as StorefrontPaths, components as StorefrontComponents } from './generated/storefront.js';
import type { paths as UsersPaths, components as UsersComponents } from './generated/users.js';
import type { paths as ShopPaths, components as ShopComponents } from './generated/shop.js';

/** Every path of the API behind the gateway, each service's own (they do not overlap). */
export type ApiPaths = CatalogPaths & UsersPaths & OrdersPaths & StorefrontPaths;

/** The named schemas of each service's document, e.g. `CatalogSchemas['ProductResponse']`. */
export type CatalogSchemas = CatalogComponents['schemas'];
export type UsersSchemas = UsersComponents['schemas'];
export type OrdersSchemas = OrdersComponents['schemas'];
export type StorefrontSchemas = StorefrontComponents['schemas'];

/**
 * The whole API as the gateway's merged document (GET /api/docs/openapi.json) describes it: every service's
 * paths and the gateway's own (its health, the docs), for a client generated from the published document,
 * e.g. `createClient<ShopApiPaths>()` of openapi-fetch. Every error answer's body is `ShopSchemas['ErrorBody']`.
 */
export type ShopApiPaths = ShopPaths;
export type ShopSchemas = ShopComponents['schemas'];
