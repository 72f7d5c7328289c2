import { productSearchOf, searchKeyOf, searchTermsOf } from './product-search.js';

describe('a search as the catalog reads it', () => {
  it('cuts a keyword into plain words: punctuation and query syntax only separate them', () => {
    expect(searchTermsOf("  iPhone 15 Pro! ")).toEqual(['iphone', '15', 'pro']);
    expect(searchTermsOf("a:* | !b & (c)")).toEqual(['a', 'b', 'c']);
    expect(searchTermsOf("%_\\'\"")).toEqual([]);
    expect(searchTermsOf('ＣＡＭＥＲＡ')).toEqual(['camera']);
    expect(searchTermsOf('one two three four five six seven eight nine ten')).toHaveLength(8);
    expect(searchTermsOf('pro pro PRO')).toEqual(['pro']);
  });

  it('gives one cache key to every way of asking the same search', () => {
    const a = productSearchOf({ keyword: 'iPhone', brand: ['Sony', 'apple'], category: ['Audio'], minPrice: 10, inStock: true });
    const b = productSearchOf({ keyword: ' iphone! ', brand: ['APPLE', 'sony', 'Sony'], category: ['audio'], minPrice: 10.0, inStock: true, sort: 'relevance' });
    expect(searchKeyOf('list 1', a)).toBe(searchKeyOf('list 1', b));
    expect(searchKeyOf('list 1', a)).not.toBe(searchKeyOf('list 2', a));
    expect(searchKeyOf('list 1', a)).not.toBe(searchKeyOf('list 1', productSearchOf({ keyword: 'iPhone' })));
  });

  it('orders by relevance with words and newest without, and marks a keyword without words', () => {
    expect(productSearchOf({ keyword: 'phone' }).sort).toBe('relevance');
    expect(productSearchOf({}).sort).toBe('newest');
    expect(productSearchOf({ sort: 'relevance' }).sort).toBe('newest');
    expect(productSearchOf({ keyword: '%%' })).toMatchObject({ terms: [], wordless: true });
    expect(productSearchOf({ keyword: '' }).wordless).toBe(false);
  });
});
