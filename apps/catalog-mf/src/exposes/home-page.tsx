/**
 * The home list (spec section 2, routes /, /page/:pageNumber, /search/:keyword and
 * /search/:keyword/page/:pageNumber), exposed to the shell as `catalog/HomePage`.
 * Needs ShopThemeProvider and ShopClientProvider above it (the shell's, or the standalone bootstrap's).
 */
import { useDeferredValue, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PRODUCTS_PAGE_SIZE } from '@shop/contracts';
import { Alert, Button, Col, Paginate, Row, usePageTitle, VisuallyHidden } from '@shop/ui';
import { useProductFacets } from '../features/home/api/get-product-facets.js';
import { useProducts } from '../features/home/api/get-products.js';
import { ProductCard, ProductCardPlaceholder } from '../features/home/product-card.js';
import { Heading, SearchBar, SearchLayout } from '../features/home/home.styles.js';
import { TopProductsCarousel } from '../features/home/top-products-carousel.js';
import { SearchFacets } from '../features/home/search-facets.js';
import { searchFiltersOf, searchQueryOf, type SearchFilters } from '../features/home/search-filters.js';
import { SortSelect } from '../features/home/sort-select.js';

/** The page's head when the server renders it: docs/ssr.md. */
export { homePageHead as pageHead } from '../features/home/home-head.js';

/**
 * Where page n of the current list lives: the keyword and a search's filters (`query`, from
 * searchQueryOf) stay in every pagination link.
 */
export function homePageHref(keyword: string | undefined, page: number, query = ''): string {
  const base = keyword ? `/search/${encodeURIComponent(keyword)}` : '';
  return `${base}/page/${page}${query}`;
}

/** The cards in view without scrolling on a wide screen (4 columns from xl): their images come first. */
const FIRST_ROW = 4;

export default function HomePage() {
  const { keyword, pageNumber } = useParams();
  const page = Number(pageNumber) || 1;
  // Facets and sorting belong to search pages (docs/catalog-mf.md); the home list stays the spec's.
  const [params] = useSearchParams();
  const filters = keyword ? searchFiltersOf(params) : undefined;
  const query = filters ? searchQueryOf(filters) : '';
  const { data: answer, error } = useProducts({ keyword, pageNumber: page }, filters);
  // The cards render in a background (interruptible) pass once the answer is in, not in the query's
  // synchronous update: eight cards at once held a slow phone's main thread in one long task.
  const data = useDeferredValue(answer);
  usePageTitle(keyword ? `Search: ${keyword}` : 'Latest Products');

  const results = (
    <>
      {!data && !error ? (
        <>
          {/* The placeholder cards show the wait; this tells screen readers, without taking any room. */}
          <VisuallyHidden role="status" aria-label="Loading products...">
            Loading products...
          </VisuallyHidden>
          <Row>
            {Array.from({ length: PRODUCTS_PAGE_SIZE }, (_, index) => (
              <Col key={index}>
                <ProductCardPlaceholder />
              </Col>
            ))}
          </Row>
        </>
      ) : error || !data ? (
        <Alert variant="danger">{error?.message}</Alert>
      ) : data.products.length === 0 ? (
        <Alert variant="warning">No products to show...</Alert>
      ) : (
        <>
          <Row>
            {data.products.map((product, index) => (
              <Col key={product._id}>
                <ProductCard product={product} priority={index < FIRST_ROW} />
              </Col>
            ))}
          </Row>
          <Paginate pages={data.pages} page={data.page} hrefFor={(n) => homePageHref(keyword, n, query)} />
        </>
      )}
    </>
  );

  return (
    <>
      {keyword ? (
        <Button as={Link} to="/" $variant="light">
          Go Back
        </Button>
      ) : (
        <TopProductsCarousel />
      )}
      <Heading>Latest Products</Heading>
      {keyword && filters ? (
        <SearchResults keyword={keyword} filters={filters}>
          {results}
        </SearchResults>
      ) : (
        results
      )}
    </>
  );
}

/** A search's results with its facets beside them and its order above them; a change goes into the address. */
function SearchResults({ keyword, filters, children }: { keyword: string; filters: SearchFilters; children: ReactNode }) {
  const navigate = useNavigate();
  const { data: facets } = useProductFacets(keyword, filters);
  // Another filter or order starts again at page 1 of its own results. The change applies to the filters
  // of the address now shown, which may be ahead of this render: the router renders a new address in a
  // transition, and on a slow phone an order chosen right after a filter would otherwise drop the filter.
  const show = (change: (current: SearchFilters) => SearchFilters) => {
    const current = searchFiltersOf(new URLSearchParams(window.location.search));
    navigate(`/search/${encodeURIComponent(keyword)}${searchQueryOf(change(current))}`);
  };
  return (
    <SearchLayout>
      <SearchFacets facets={facets} filters={filters} onChange={show} />
      <div>
        <SearchBar>
          <p aria-live="polite">{facets ? `${facets.total} ${facets.total === 1 ? 'product' : 'products'} found` : ''}</p>
          <SortSelect sort={filters.sort} onChange={(sort) => show((current) => ({ ...current, sort }))} />
        </SearchBar>
        {children}
      </div>
    </SearchLayout>
  );
}
