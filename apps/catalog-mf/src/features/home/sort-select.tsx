/** The order of the search results (docs/catalog-mf.md): a select whose choice goes into the page's address. */
import type { ProductSort } from '@shop/contracts';
import { Field, Select } from '@shop/ui';

/** The orders offered, as a shopper reads them. Relevance first: the default of a search. */
export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  rating: 'Customer Rating',
  newest: 'Newest Arrivals',
};

export interface SortSelectProps {
  sort: ProductSort | undefined;
  onChange: (sort: ProductSort | undefined) => void;
}

/** autoComplete="off": on Back the browser would otherwise restore the choice it saw last, not the address's. */
export function SortSelect({ sort, onChange }: SortSelectProps) {
  return (
    <Field label="Sort by">
      <Select autoComplete="off" value={sort ?? 'relevance'} onChange={(event) => onChange(event.target.value === 'relevance' ? undefined : (event.target.value as ProductSort))}>
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
