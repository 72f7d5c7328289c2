import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
const require = createRequire(import.meta.url);
const { createServerRenderer } = require('../apps/shell/dist/server/render.cjs');
const renderer = createServerRenderer({ log: (m) => console.log('LOG', m) });
const base = process.argv[2];
const cache = new Map();
const fetchThrough = async (url) => {
  const u = String(url);
  if (!cache.has(u)) { const r = await fetch(base + u); cache.set(u, { status: r.status, body: await r.text() }); }
  const { status, body } = cache.get(u);
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
};
const template = readFileSync('../apps/shell/dist/index.html', 'utf8');
const remotes = [{ name: 'catalog', build: 'b1', serverEntry: new URL('../apps/catalog-mf/dist/server/remoteEntry.js', import.meta.url).pathname }];
async function once(url, firstCalls) {
  const page = await renderer.render({ url, origin: 'https://shop.example', template, remotes, firstCalls, fetch: fetchThrough, budgetMs: 300 });
  let size = 0;
  await page.pipe(new Writable({ write(c, e, cb) { size += c.length; cb(); } }));
  return size;
}
const list = await (await fetch(base + '/api/products')).json();
const pid = list.products[0]._id;
for (const [url, calls] of [['/', ['/api/products/top', '/api/products?pageNumber=1']], [`/product/${pid}`, [`/api/products/${pid}`]]]) {
  for (let i = 0; i < 50; i++) await once(url, calls);
  const n = 300; const t = performance.now(); let size = 0;
  for (let i = 0; i < n; i++) size = await once(url, calls);
  console.log(url, ((performance.now() - t) / n).toFixed(2), 'ms/page', size, 'bytes');
}
