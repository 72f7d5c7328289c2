import { pageDocument, scriptJson } from './page-document.js';

const TEMPLATE =
  '<!doctype html><html><head><title>Welcome to ProShop</title><meta name="description" content="We sell the best products for cheap" /><script defer src="/main.js"></script></head>' +
  '<body><div id="root"><div class="first-paint"><div>ProShop</div></div></div>\n</body></html>';

const parts = { template: TEMPLATE, origin: 'https://shop.example', pathname: '/product/42', dataPreloads: [] as string[], startAfter: 'load' as const };

describe('the document around a server-rendered page', () => {
  it("puts the page's title and description in place of the shop's, and adds canonical and Open Graph", () => {
    const { start } = pageDocument({ ...parts, head: { title: 'Airpods', description: 'Small & loud', type: 'product', image: '/uploads/a.webp' } });
    expect(start).toContain('<title>Airpods | ProShop</title>');
    expect(start).toContain('<meta name="description" content="Small &amp; loud">');
    expect(start).not.toContain('We sell the best products for cheap');
    expect(start).toContain('<link rel="canonical" href="https://shop.example/product/42">');
    expect(start).toContain('<meta property="og:type" content="product">');
    expect(start).toContain('<meta property="og:image" content="https://shop.example/uploads/a.webp">');
    // The template's scripts start once the page has loaded, and the root element opens last.
    expect(start).not.toContain('<script defer src="/main.js"></script>');
    expect(start).toContain('<script type="application/json" id="shop-scripts">{"run":["/main.js"],"preload":[]}</script><script async src="/start-after-load.js"></script>');
    expect(start.endsWith('<div id="root">')).toBe(true);
  });

  it('starts the scripts after the first paint, not after load, on a page whose slot the browser renders (the cart)', () => {
    const template = TEMPLATE.replace('</head>', '<link rel="preload" as="script" href="/mf/checkout/abc/remoteEntry.js"></head>');
    const { start } = pageDocument({ ...parts, template, head: {}, startAfter: 'paint' });
    expect(start).not.toContain('<script defer src="/main.js"></script>');
    expect(start).not.toContain('<link rel="preload" as="script"');
    expect(start).toContain(
      '<script type="application/json" id="shop-scripts">{"run":["/main.js"],"preload":["/mf/checkout/abc/remoteEntry.js"],"after":"paint"}</script><script async src="/start-after-load.js"></script>',
    );
    // The same template for a page the server rendered: after load, as before.
    expect(pageDocument({ ...parts, template, head: {} }).start).toContain('{"run":["/main.js"],"preload":["/mf/checkout/abc/remoteEntry.js"]}</script>');
  });

  it("hands the remote's files to the starter to preload, not to the browser at once", () => {
    const template = TEMPLATE.replace('</head>', '<link rel="preload" as="script" href="/mf/catalog/abc/remoteEntry.js"></head>');
    const { start } = pageDocument({ ...parts, template, head: {} });
    expect(start).not.toContain('<link rel="preload" as="script"');
    expect(start).toContain('{"run":["/main.js"],"preload":["/mf/catalog/abc/remoteEntry.js"]}');
  });

  it("keeps the shop's title without a page title, and marks a page kept out of search results", () => {
    const { start } = pageDocument({ ...parts, head: { noindex: true } });
    expect(start).toContain('<title>Welcome to ProShop</title>');
    expect(start).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('escapes what comes from data wherever it goes: text, attributes, JSON-LD', () => {
    const { start } = pageDocument({
      ...parts,
      head: { title: '</title><script>alert(1)</script>', canonicalPath: '/product/"><x', jsonLd: { name: '</script><script>alert(2)</script>' } },
    });
    expect(start).not.toContain('<script>alert(1)');
    expect(start).not.toContain('<script>alert(2)');
    expect(start).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | ProShop');
    expect(start).toContain('\\u003c/script>');
  });

  it("writes the render's styled-components styles into the head, once", () => {
    const styledTags = '<style data-styled="true" data-styled-version="6.6.0">.a{color:red;}</style>';
    const { start } = pageDocument({ ...parts, head: {}, styledTags });
    expect(start.split(styledTags)).toHaveLength(2);
    expect(start.indexOf(styledTags)).toBeLessThan(start.indexOf('</head>'));
  });

  it("writes text with $ patterns as it is (a string replacement's $`, $' and $& would paste the template)", () => {
    const { start } = pageDocument({ ...parts, head: { title: "Search: $` $' $&", description: "$'", jsonLd: { name: '$`' } } });
    expect(start).toContain("<title>Search: $` $&#39; $&amp; | ProShop</title>");
    expect(start).toContain('<meta name="description" content="$&#39;">');
    expect(start).toContain('{"name":"$`"}');
    expect(start.match(/<title>/g)).toHaveLength(1);
    expect(start.match(/id="shop-scripts"/g)).toHaveLength(1);
  });

  it('writes the data hints only when the browser fetches the answers itself', () => {
    expect(pageDocument({ ...parts, head: {}, dataPreloads: ['/api/products/42'] }).start).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/products/42">',
    );
    expect(pageDocument({ ...parts, head: {} }).start).not.toContain('as="fetch"');
  });

  it('ends with the root, the hydration state and the rest of the template', () => {
    const { end } = pageDocument({ ...parts, head: {} });
    const html = end({ queries: { queries: [], mutations: [] }, browserSlot: 'checkout/CartPage' });
    expect(html).toBe(
      `</div><script type="application/json" id="shop-ssr">${scriptJson({ queries: { queries: [], mutations: [] }, browserSlot: 'checkout/CartPage' })}</script></body></html>`,
    );
  });

  it('refuses a template without a root element', () => {
    expect(() => pageDocument({ ...parts, template: '<html><body></body></html>', head: {} })).toThrow('index.html has no <div id="root"> inside its <body>');
  });
});
