import { isTicked, searchFiltersOf, searchQueryOf, toggled } from './search-filters.js';

describe('search filters in the address', () => {
  it('writes one search one way: list values sorted, parameters in one order', () => {
    const a = searchFiltersOf(new URLSearchParams('sort=rating&brand=Sony&brand=Apple&inStock=true&minPrice=50&maxPrice=100'));
    const b = searchFiltersOf(new URLSearchParams('brand=Apple&maxPrice=100&brand=Sony&minPrice=50&inStock=true&sort=rating'));
    expect(searchQueryOf(a)).toBe('?brand=Apple&brand=Sony&minPrice=50&maxPrice=100&inStock=true&sort=rating');
    expect(searchQueryOf(b)).toBe(searchQueryOf(a));
  });

  it('drops what the API would refuse, so a hand-edited address still shows results', () => {
    const filters = searchFiltersOf(new URLSearchParams(`sort=cheap&rating=9&minPrice=-1&maxPrice=abc&inStock=yes&brand=&brand=${'x'.repeat(101)}`));
    expect(searchQueryOf(filters)).toBe('');
    expect(searchQueryOf(searchFiltersOf(new URLSearchParams('minPrice=100&maxPrice=10')))).toBe('');
  });

  it('ticks and unticks a value whatever its case', () => {
    const filters = searchFiltersOf(new URLSearchParams('brand=apple'));
    expect(isTicked(filters, 'brand', 'Apple')).toBe(true);
    expect(toggled(filters, 'brand', 'Apple').brand).toEqual([]);
    expect(toggled(filters, 'brand', 'Sony').brand).toEqual(['apple', 'Sony']);
  });
});
