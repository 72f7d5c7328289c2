import { PRICE_RANGES, RATING_FLOORS, type ProductSort } from '@shop/contracts';
import { toCents } from '@shop/pricing';

/**
 * How the catalog searches (docs/catalog.md, "Search"): the query's words are cut here into plain
 * words (letters and digits only, so nothing a shopper types is ever tsquery, LIKE or SQL syntax), then
 * PostgreSQL turns them into a tsquery (each word also as a prefix, a misspelt one widened to its
 * nearest known words) matched against the products' weighted vector. Every value is a bound parameter.
 */

/** Most words of a search that count: a shopper's search is a few words, and each costs a look-up. */
export const MAX_SEARCH_TERMS = 8;
/** Longest word kept (longer ones are cut): no product word is longer. */
const MAX_TERM_LENGTH = 40;
/**
 * Words shorter than this match only as whole words, not as the start of words: 'ca' would match
 * every camera, case, cable and cap (a fifth of a large catalog), costing more than it helps.
 */
export const MIN_PREFIX_LENGTH = 3;
/** Words shorter than this are never corrected: too few trigrams to say what was meant. */
export const MIN_CORRECTED_LENGTH = 4;
/**
 * Trigram similarity from which a known word is taken for a misspelt one (pg_trgm's `similarity`, 0-1).
 * 0.25: a swap of two letters in a 6-letter word ('iphnoe' for 'iphone') scores 0.27, a missing letter
 * ('camra' for 'camera') 0.44; pg_trgm's own default (0.3) misses the swaps. At most CORRECTIONS_PER_TERM
 * of the nearest words are taken, so a low threshold widens a search by a few words, never by many.
 */
export const CORRECTION_SIMILARITY = 0.25;
export const CORRECTIONS_PER_TERM = 3;
/**
 * Only words about as near as the nearest: 'smartwach' is 'smartwatch', not also 'smart' and 'watch'
 * a little further off (which widened it to 15,000 of 100,000 products). Words of one stem ('camera',
 * 'cameras') are that close to each other.
 */
export const CORRECTION_BAND = 0.05;

/** A search's filters and order as the service uses them: validated, then normalised. */
export interface ProductSearch {
  terms: string[];
  /** A keyword was given but holds no word (only punctuation): such a search finds nothing. */
  wordless: boolean;
  categories: string[];
  brands: string[];
  minCents?: number;
  maxCents?: number;
  rating?: number;
  inStock: boolean;
  sort: ProductSort;
}

/** The validated query (ListProductsQuery / ProductFiltersQuery) the service receives. */
export interface ProductSearchInput {
  keyword?: string;
  category?: string[];
  brand?: string[];
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  inStock?: boolean;
  sort?: ProductSort;
}

/**
 * The words of a keyword: NFKC-normalised (full-width letters, ligatures), lower-cased, cut at
 * anything but a letter or a digit, at most MAX_SEARCH_TERMS, duplicates dropped. `%`, `_`, `\`,
 * quotes and tsquery's `!&|():*` only separate words.
 */
export function searchTermsOf(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const words = keyword
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => [...word].slice(0, MAX_TERM_LENGTH).join(''));
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/** A list filter's values: trimmed, lower-cased (the filter ignores case), without duplicates, sorted. */
const normalisedValues = (values: string[] | undefined): string[] =>
  [...new Set((values ?? []).map((value) => value.trim().toLowerCase()).filter((value) => value.length > 0))].sort();

/**
 * The search the query asks for, normalised so that every way of asking the same thing is one value
 * (and one cache key): `?brand=b&brand=A` is `?brand=a&brand=b`. Without a keyword, `relevance` is
 * `newest` (there is nothing to be relevant to).
 */
export function productSearchOf(input: ProductSearchInput): ProductSearch {
  const terms = searchTermsOf(input.keyword);
  const asked = input.sort ?? (terms.length > 0 ? 'relevance' : 'newest');
  return {
    terms,
    wordless: terms.length === 0 && (input.keyword ?? '').trim().length > 0,
    categories: normalisedValues(input.category),
    brands: normalisedValues(input.brand),
    minCents: input.minPrice === undefined ? undefined : toCents(input.minPrice),
    maxCents: input.maxPrice === undefined ? undefined : toCents(input.maxPrice),
    rating: input.rating,
    inStock: input.inStock === true,
    sort: asked === 'relevance' && terms.length === 0 ? 'newest' : asked,
  };
}

/** The cache key of a search's read (`what` says which read: a page, the facets). */
export function searchKeyOf(what: string, search: ProductSearch): string {
  return `${what} ${JSON.stringify(search)}`;
}

/** True when the search has a keyword or a filter: the plain newest-first list has neither. */
export const isFiltered = (search: ProductSearch): boolean =>
  search.terms.length > 0 ||
  search.wordless ||
  search.categories.length > 0 ||
  search.brands.length > 0 ||
  search.minCents !== undefined ||
  search.maxCents !== undefined ||
  search.rating !== undefined ||
  search.inStock;

/**
 * One SQL statement turning the search's words (`$1`, a text array) into a tsquery's text: each word
 * as itself and, from MIN_PREFIX_LENGTH letters, as the start of a word (`'ipho':*`); a word of MIN_CORRECTED_LENGTH letters or more
 * that starts no known word is widened to the nearest known words (the GiST trigram index's distance
 * order, at most CORRECTIONS_PER_TERM, each at least CORRECTION_SIMILARITY alike and within
 * CORRECTION_BAND of the nearest); the words joined
 * with AND. English stemming and stop words as the products' vector has them. NULL when no word is
 * left (only stop words).
 */
export const TSQUERY_OF_TERMS_SQL = `
  SELECT nullif(to_tsquery('english', string_agg('(' || alternatives || ')', ' & ' ORDER BY ord))::text, '') AS query
  FROM (
    SELECT t.ord, quote_literal(t.term) || CASE WHEN length(t.term) >= ${MIN_PREFIX_LENGTH} THEN ':*' ELSE '' END || coalesce((
      SELECT string_agg(' | ' || quote_literal(nearest.word), '' ORDER BY nearest.distance)
      FROM (
        SELECT word, distance, min(distance) OVER () AS best
        FROM (
          SELECT w.word, w.word <-> t.term AS distance
          FROM product_search_word w
          ORDER BY w.word <-> t.term
          LIMIT ${CORRECTIONS_PER_TERM}
        ) closest
      ) nearest
      WHERE nearest.distance <= ${1 - CORRECTION_SIMILARITY}
        AND nearest.distance <= nearest.best + ${CORRECTION_BAND}
        AND length(t.term) >= ${MIN_CORRECTED_LENGTH}
        AND NOT EXISTS (SELECT 1 FROM product_search_word known WHERE known.word LIKE t.term || '%')
    ), '') AS alternatives
    FROM unnest($1::text[]) WITH ORDINALITY AS t(term, ord)
  ) terms`;

/** Which filters a condition list leaves out: the facets count each facet without its own filter. */
export type SearchFilter = 'category' | 'brand' | 'price' | 'rating' | 'stock';

/** Bound parameters of a statement, numbered as they are added. */
export class SqlParameters {
  readonly values: unknown[] = [];

  /** `$n` for the value, added once per call. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The SQL conditions of each filter of a search (TRUE when the filter is not asked), over the
 * `product` table, with their values bound in `parameters`. `queryParameter` is the bound tsquery
 * (none without a keyword).
 */
export function filterConditions(
  search: ProductSearch,
  queryParameter: string | undefined,
  parameters: SqlParameters,
): Record<SearchFilter | 'keyword', string> {
  const price: string[] = [];
  if (search.minCents !== undefined) price.push(`price_cents >= ${parameters.add(search.minCents)}`);
  if (search.maxCents !== undefined) price.push(`price_cents < ${parameters.add(search.maxCents)}`);
  return {
    keyword: queryParameter === undefined ? 'TRUE' : `search_vector @@ ${queryParameter}::tsquery`,
    category: search.categories.length > 0 ? `lower(category) = ANY(${parameters.add(search.categories)}::text[])` : 'TRUE',
    brand: search.brands.length > 0 ? `lower(brand) = ANY(${parameters.add(search.brands)}::text[])` : 'TRUE',
    price: price.length > 0 ? price.join(' AND ') : 'TRUE',
    rating: search.rating !== undefined ? `rating >= ${parameters.add(search.rating)}` : 'TRUE',
    stock: search.inStock ? 'count_in_stock > 0' : 'TRUE',
  };
}

/**
 * The rank of a product for a tsquery: ts_rank with the vector's weights (name A 1.0, brand B 0.4,
 * category C 0.2, description D 0.1, PostgreSQL's defaults), divided by 1 + the log of the vector's
 * length (normalization 1) so a long description does not outweigh a name.
 */
export const rankOf = (queryParameter: string): string => `ts_rank(search_vector, ${queryParameter}::tsquery, 1)`;

/** ORDER BY of each sort; every one ends on the newest, then the id, so pages never overlap. */
export function orderOf(sort: ProductSort, rank: string | undefined): string {
  const newest = 'created_at DESC, id DESC';
  switch (sort) {
    case 'relevance':
      return rank ? `${rank} DESC, rating DESC, ${newest}` : newest;
    case 'price-asc':
      return `price_cents ASC, ${newest}`;
    case 'price-desc':
      return `price_cents DESC, ${newest}`;
    case 'rating':
      return `rating DESC, num_reviews DESC, ${newest}`;
    case 'newest':
      return newest;
  }
}

/** The CASE expression giving a product's PRICE_RANGES index. */
export const PRICE_RANGE_SQL = `CASE ${PRICE_RANGES.map((range, index) =>
  range.max === undefined ? `ELSE ${index}` : `WHEN price_cents < ${toCents(range.max)} THEN ${index}`,
).join(' ')} END`;

/** The rating floors as an SQL array. */
export const RATING_FLOORS_SQL = `ARRAY[${RATING_FLOORS.join(',')}]`;
