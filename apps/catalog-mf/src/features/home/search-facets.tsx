/**
 * The search page's facets (docs/catalog-mf.md, "Search results"): category, brand, price range,
 * rating and stock, each value with the number of products it would leave. Ticking one changes the
 * page's address (page 1, the other filters kept), so the filters live in the URL only. Each box is
 * autoComplete="off": on Back the browser would otherwise restore the ticks it saw last, over the address's.
 */
import { useId, useState } from 'react';
import type { ProductFacetsDto } from '@shop/contracts';
import { Button, Check, dollars } from '@shop/ui';
import { FacetCount, FacetGroup, FacetsColumn } from './home.styles.js';
import { hasFilters, isTicked, toggled, withoutFilters, type SearchFilters } from './search-filters.js';

export interface SearchFacetsProps {
  facets: ProductFacetsDto | undefined;
  filters: SearchFilters;
  /**
   * Goes to the results of other filters (page 1). A change is a function of the filters it applies to:
   * a second change made before the page has re-rendered for the first applies to the first's address,
   * not to the filters this render shows.
   */
  onChange: (change: (filters: SearchFilters) => SearchFilters) => void;
}

/** "$25 to $50", "Under $25", "$500 and up". */
export function priceRangeLabel({ min, max }: { min: number; max?: number }): string {
  if (max === undefined) return `${dollars(min)} and up`;
  return min === 0 ? `Under ${dollars(max)}` : `${dollars(min)} to ${dollars(max)}`;
}

const Count = ({ count }: { count: number }) => <FacetCount>({count})</FacetCount>;

export function SearchFacets({ facets, filters, onChange }: SearchFacetsProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const listFacet = (name: 'category' | 'brand', legend: string, values: ProductFacetsDto['categories']) => {
    // A ticked value the counts no longer name (it leaves nothing) stays, so it can be unticked.
    const shown = [...values, ...filters[name].filter((value) => !values.some((v) => v.value.toLowerCase() === value.toLowerCase())).map((value) => ({ value, count: 0 }))];
    if (shown.length === 0) return null;
    return (
      <FacetGroup>
        <legend>{legend}</legend>
        {shown.map(({ value, count }) => (
          <Check
            autoComplete="off"
            key={value}
            label={
              <>
                {value} <Count count={count} />
              </>
            }
            checked={isTicked(filters, name, value)}
            onChange={() => onChange((current) => toggled(current, name, value))}
          />
        ))}
      </FacetGroup>
    );
  };
  const priceName = `${panelId}-price`;
  const ratingName = `${panelId}-rating`;
  return (
    <FacetsColumn>
      <Button
        $variant="light"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        Filters
      </Button>
      <section id={panelId} aria-label="Filters">
        {hasFilters(filters) && (
          <Button $variant="light" $size="sm" onClick={() => onChange(withoutFilters)}>
            Clear filters
          </Button>
        )}
        {facets && (
          <>
            {listFacet('category', 'Category', facets.categories)}
            {listFacet('brand', 'Brand', facets.brands)}
            <FacetGroup>
              <legend>Price</legend>
              <Check
                autoComplete="off"
                type="radio"
                name={priceName}
                label="Any price"
                checked={filters.minPrice === undefined && filters.maxPrice === undefined}
                onChange={() => onChange((current) => ({ ...current, minPrice: undefined, maxPrice: undefined }))}
              />
              {facets.prices.map((range) => (
                <Check
                  autoComplete="off"
                  key={range.min}
                  type="radio"
                  name={priceName}
                  label={
                    <>
                      {priceRangeLabel(range)} <Count count={range.count} />
                    </>
                  }
                  checked={filters.minPrice === range.min && filters.maxPrice === range.max}
                  onChange={() => onChange((current) => ({ ...current, minPrice: range.min, maxPrice: range.max }))}
                />
              ))}
            </FacetGroup>
            <FacetGroup>
              <legend>Rating</legend>
              <Check
                autoComplete="off"
                type="radio"
                name={ratingName}
                label="Any rating"
                checked={filters.rating === undefined}
                onChange={() => onChange((current) => ({ ...current, rating: undefined }))}
              />
              {facets.ratings.map(({ rating, count }) => (
                <Check
                  autoComplete="off"
                  key={rating}
                  type="radio"
                  name={ratingName}
                  label={
                    <>
                      {rating} {rating === 1 ? 'star' : 'stars'} &amp; up <Count count={count} />
                    </>
                  }
                  checked={filters.rating === rating}
                  onChange={() => onChange((current) => ({ ...current, rating }))}
                />
              ))}
            </FacetGroup>
            <FacetGroup>
              <legend>Availability</legend>
              <Check
                  autoComplete="off"
                label={
                  <>
                    In stock only <Count count={facets.inStock} />
                  </>
                }
                checked={filters.inStock}
                onChange={() => onChange((current) => ({ ...current, inStock: !current.inStock }))}
              />
            </FacetGroup>
          </>
        )}
      </section>
    </FacetsColumn>
  );
}
