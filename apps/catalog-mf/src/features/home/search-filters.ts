/**
 * The search page's filters and order, kept in the page's query string (`/search/phone?brand=Apple&sort=price-asc`)
 * so that reload, back and forward, links, pagination and the server render all keep them
 * (docs/catalog-mf.md, "Search results"). Read leniently: a value the API would refuse is dropped
 * here, so a hand-edited address shows results rather than an error.
 */
import { PRODUCT_SORTS, type ProductSort } from '@shop/contracts';

/** The filters of a search page, as its query string holds them. */
export interface SearchFilters {
  category: string[];
  brand: string[];
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  inStock: boolean;
  sort?: ProductSort;
}

/** The most values of one list filter the API accepts. */
const MAX_VALUES = 10;
const PRICE = /^[0-9]{1,7}(\.[0-9]{1,2})?$/;

const listOf = (params: URLSearchParams, name: string): string[] =>
  [...new Set(params.getAll(name).map((value) => value.trim()).filter((value) => value.length > 0 && value.length <= 100))].slice(0, MAX_VALUES);

const priceOf = (value: string | null): number | undefined => (value !== null && PRICE.test(value) ? Number(value) : undefined);

/** The filters a page's query string asks for; what the API would refuse is left out. */
export function searchFiltersOf(params: URLSearchParams): SearchFilters {
  const rating = Number(params.get('rating'));
  const sort = params.get('sort');
  const minPrice = priceOf(params.get('minPrice'));
  const maxPrice = priceOf(params.get('maxPrice'));
  const reversed = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
  return {
    category: listOf(params, 'category'),
    brand: listOf(params, 'brand'),
    minPrice: reversed ? undefined : minPrice,
    maxPrice: reversed ? undefined : maxPrice,
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    inStock: params.get('inStock') === 'true',
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ProductSort) : undefined,
  };
}

/**
 * The query string of some filters, always written the same way (parameters in one order, list values
 * sorted), so one search has one address: one entry in every cache, and links that compare equal.
 * '' without filters; otherwise it starts with '?'.
 */
export function searchQueryOf(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const value of [...filters.category].sort()) params.append('category', value);
  for (const value of [...filters.brand].sort()) params.append('brand', value);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.rating !== undefined) params.set('rating', String(filters.rating));
  if (filters.inStock) params.set('inStock', 'true');
  if (filters.sort !== undefined) params.set('sort', filters.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters with `value` of a list filter ticked, or unticked when it was. */
export function toggled(filters: SearchFilters, name: 'category' | 'brand', value: string): SearchFilters {
  const values = filters[name];
  const lower = value.toLowerCase();
  const ticked = values.some((item) => item.toLowerCase() === lower);
  return { ...filters, [name]: ticked ? values.filter((item) => item.toLowerCase() !== lower) : [...values, value] };
}

/** True when a list filter holds `value` (any case: the API ignores it). */
export const isTicked = (filters: SearchFilters, name: 'category' | 'brand', value: string): boolean =>
  filters[name].some((item) => item.toLowerCase() === value.toLowerCase());

/** The filters without any filter (the order kept): what "Clear filters" goes to. */
export const withoutFilters = (filters: SearchFilters): SearchFilters => ({ category: [], brand: [], inStock: false, sort: filters.sort });

/** True when any filter (not the order) is set. */
export const hasFilters = (filters: SearchFilters): boolean =>
  filters.category.length > 0 ||
  filters.brand.length > 0 ||
  filters.minPrice !== undefined ||
  filters.maxPrice !== undefined ||
  filters.rating !== undefined ||
  filters.inStock;

/** The filters as the API's query parameters (lists sorted; the order apart, as the facets take no order). */
export function apiFiltersOf(filters: SearchFilters) {
  return {
    category: [...filters.category].sort(),
    brand: [...filters.brand].sort(),
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    rating: filters.rating,
    inStock: filters.inStock ? ('true' as const) : undefined,
  };
}
