import { firstCallsWithQuery, renderedAddressOf, searchPageQueryOf, signInPageQueryOf } from './search-page-query.js';

describe('the query string of a search page', () => {
  it('keeps only the search page parameters, checked and in one order, so one search is one cached page', () => {
    const a = searchPageQueryOf('/search/phone', '?sort=price-asc&brand=Sony&utm_source=x&brand=Apple&inStock=true&minPrice=50');
    const b = searchPageQueryOf('/search/phone', '?brand=Apple&inStock=true&brand=Sony&minPrice=50.00&sort=price-asc&junk=1');
    expect(renderedAddressOf('/search/phone', a)).toBe('/search/phone?brand=Apple&brand=Sony&minPrice=50&inStock=true&sort=price-asc');
    expect(renderedAddressOf('/search/phone', b)).toBe(renderedAddressOf('/search/phone', a));
  });

  it('drops values the catalog would refuse, and every parameter of other pages', () => {
    const bad = searchPageQueryOf('/search/phone/page/2', `?sort=cheap&rating=7&minPrice=-1&maxPrice=1e9&inStock=1&brand=${'x'.repeat(101)}`);
    expect(renderedAddressOf('/search/phone/page/2', bad)).toBe('/search/phone/page/2');
    expect(renderedAddressOf('/', searchPageQueryOf('/', '?brand=Apple'))).toBe('/');
    expect(renderedAddressOf('/product/1', searchPageQueryOf('/product/1', '?sort=rating'))).toBe('/product/1');
    const many = searchPageQueryOf('/search/a', `?${Array.from({ length: 50 }, (_, i) => `brand=b${i}`).join('&')}`);
    expect(many.filters.split('&')).toHaveLength(10);
  });

  it('adds the filters to the first calls as the page asks them: the order to the list only', () => {
    const query = searchPageQueryOf('/search/phone', '?brand=Apple&sort=rating');
    expect(firstCallsWithQuery(['/api/products?keyword=phone&pageNumber=1', '/api/products/facets?keyword=phone'], query)).toEqual([
      '/api/products?keyword=phone&pageNumber=1&brand=Apple&sort=rating',
      '/api/products/facets?keyword=phone&brand=Apple',
    ]);
  });
});

describe('the query string of a sign-in page', () => {
  it('keeps a clean redirect and, on /login, an error code the shop gives; nothing else', () => {
    expect(signInPageQueryOf('/login', '?utm=1&error=credentials&redirect=shipping')).toBe('redirect=shipping&error=credentials');
    expect(signInPageQueryOf('/register', '?redirect=/admin/orderlist&error=busy')).toBe('redirect=admin%2Forderlist');
    expect(signInPageQueryOf('/login', '?redirect=//evil.example&error=<b>you+were+hacked</b>')).toBe('');
    expect(signInPageQueryOf('/login', `?redirect=${'a'.repeat(101)}`)).toBe('');
    expect(signInPageQueryOf('/login', '?error=toString')).toBe('');
    expect(signInPageQueryOf('/profile', '?redirect=shipping')).toBe('');
    expect(signInPageQueryOf('/login', '')).toBe('');
  });
});
