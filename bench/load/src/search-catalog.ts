/**
 * A large catalog for the search benchmark: `count` products of generated but realistic names,
 * brands, categories and descriptions (English words a shop uses, so stemming, prefixes and
 * misspellings behave as on a real catalog), written straight into a catalog database in batches.
 * Deterministic for one seed, so two runs search the same catalog.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** Categories with the nouns their products are named by. */
const CATEGORIES: Record<string, string[]> = {
  Cameras: ['Camera', 'Lens', 'Tripod', 'Camcorder', 'Flash'],
  Audio: ['Headphones', 'Earbuds', 'Speaker', 'Soundbar', 'Microphone', 'Amplifier'],
  Phones: ['Smartphone', 'Phone', 'Charger', 'Case', 'Screen Protector'],
  Computers: ['Laptop', 'Desktop', 'Monitor', 'Keyboard', 'Mouse', 'Webcam', 'Router'],
  Gaming: ['Console', 'Controller', 'Headset', 'Racing Wheel', 'Gaming Chair'],
  Wearables: ['Smartwatch', 'Fitness Tracker', 'Watch Band'],
  'Smart Home': ['Thermostat', 'Doorbell', 'Smart Plug', 'Light Bulb', 'Security Camera'],
  Kitchen: ['Blender', 'Coffee Maker', 'Toaster', 'Kettle', 'Air Fryer', 'Mug', 'Knife Set'],
  Outdoors: ['Tent', 'Backpack', 'Sleeping Bag', 'Water Bottle', 'Lantern', 'Hiking Boots'],
  Footwear: ['Running Shoes', 'Sneakers', 'Sandals', 'Boots', 'Slippers'],
  Clothing: ['Jacket', 'Hoodie', 'T-Shirt', 'Jeans', 'Raincoat', 'Sweater'],
  Office: ['Desk Lamp', 'Office Chair', 'Notebook', 'Standing Desk', 'Printer'],
  Toys: ['Building Set', 'Puzzle', 'Drone', 'Robot Kit', 'Board Game'],
  Beauty: ['Hair Dryer', 'Electric Toothbrush', 'Shaver', 'Straightener'],
  Books: ['Cookbook', 'Novel', 'Travel Guide', 'Atlas'],
};
const BRANDS = [
  'Apple', 'Samsung', 'Sony', 'Canon', 'Nikon', 'Fujifilm', 'Bose', 'Sennheiser', 'JBL', 'Logitech', 'Razer', 'Corsair', 'Dell', 'Lenovo',
  'Asus', 'Acer', 'Microsoft', 'Google', 'Amazon', 'Garmin', 'Fitbit', 'Philips', 'Panasonic', 'Nintendo', 'Anker', 'Belkin', 'Netgear',
  'Breville', 'Ninja', 'KitchenAid', 'Cuisinart', 'Coleman', 'Patagonia', 'Columbia', 'Nike', 'Adidas', 'Puma', 'Levis', 'Hydro Flask',
  'Yeti', 'Lego', 'Hasbro', 'DJI', 'Braun', 'Dyson', 'Oral-B', 'Penguin', 'Lonely Planet', 'Xiaomi', 'OnePlus', 'Huawei', 'Epson', 'Brother',
  'Herman Miller', 'Steelcase', 'Ecobee', 'Ring', 'Nest', 'Kasa', 'Withings',
];
const ADJECTIVES = [
  'Wireless', 'Portable', 'Compact', 'Professional', 'Ultra', 'Premium', 'Classic', 'Smart', 'Digital', 'Waterproof', 'Lightweight', 'Rugged',
  'Mini', 'Pro', 'Max', 'Plus', 'Slim', 'Noise Cancelling', 'Bluetooth', 'Rechargeable', 'Ergonomic', 'Foldable', 'Stainless', 'Organic',
  'Vintage', 'Modern', 'Adjustable', 'Mechanical', 'Mirrorless', 'Cordless', 'Insulated', 'Breathable', 'Heated', 'Solar', 'Magnetic',
];
const COLOURS = ['Black', 'White', 'Silver', 'Blue', 'Red', 'Green', 'Graphite', 'Rose Gold', 'Navy', 'Olive', 'Charcoal', 'Sand'];
const DESCRIPTION_WORDS = [
  'battery', 'life', 'lasts', 'all', 'day', 'with', 'fast', 'charging', 'and', 'a', 'durable', 'design', 'that', 'fits', 'every', 'lifestyle',
  'crisp', 'sound', 'sharp', 'display', 'comfortable', 'grip', 'travel', 'ready', 'easy', 'setup', 'works', 'app', 'voice', 'assistant',
  'quality', 'materials', 'warranty', 'included', 'perfect', 'gift', 'for', 'home', 'office', 'outdoor', 'adventures', 'everyday', 'use',
  'powerful', 'performance', 'quiet', 'energy', 'efficient', 'recycled', 'packaging', 'high', 'resolution', 'sensor', 'stabilization',
  'long', 'range', 'connectivity', 'memory', 'storage', 'precise', 'control', 'premium', 'finish', 'dishwasher', 'safe', 'machine',
  'washable', 'weather', 'resistant', 'spacious', 'pockets', 'cushioned', 'sole', 'lightweight', 'frame', 'intuitive', 'controls',
];

/** A small seeded generator (mulberry32): the same catalog on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedProduct {
  name: string;
  brand: string;
  category: string;
  description: string;
  priceCents: number;
  countInStock: number;
  rating: number;
  numReviews: number;
}

/** The n-th product of a seeded catalog. */
export function* generatedProducts(count: number, seed = 26): Generator<GeneratedProduct> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const categories = Object.keys(CATEGORIES);
  for (let i = 0; i < count; i++) {
    const category = pick(categories);
    const brand = pick(BRANDS);
    const noun = pick(CATEGORIES[category]);
    const model = next() < 0.5 ? ` ${String.fromCharCode(65 + Math.floor(next() * 26))}${Math.floor(next() * 900) + 100}` : '';
    const name = `${brand} ${pick(ADJECTIVES)} ${noun}${model} ${pick(COLOURS)}`;
    const words = Array.from({ length: 20 + Math.floor(next() * 40) }, () => pick(DESCRIPTION_WORDS));
    const description = `${pick(ADJECTIVES)} ${noun.toLowerCase()} by ${brand}: ${words.join(' ')}.`;
    const reviewed = next() < 0.7;
    yield {
      name,
      brand,
      category,
      description,
      priceCents: Math.round((5 + next() ** 2 * 2000) * 100),
      countInStock: next() < 0.15 ? 0 : Math.floor(next() * 100),
      rating: reviewed ? Math.round((1 + next() * 4) * 10) / 10 : 0,
      numReviews: reviewed ? 1 + Math.floor(next() * 200) : 0,
    };
  }
}

/**
 * Writes `count` generated products into a migrated catalog database, 5,000 a statement. The trigger
 * that keeps the search words is paused meanwhile and the words written once at the end, as the
 * search migration does for the products it finds; then ANALYZE, so the planner knows the table.
 */
export async function seedCatalog(client: pg.Client, count: number): Promise<void> {
  const batch = 5_000;
  const started = Date.now();
  await client.query('ALTER TABLE product DISABLE TRIGGER product_search_words');
  try {
    let rows: GeneratedProduct[] = [];
    let written = 0;
    const flush = async () => {
      const base = Date.now() - count * 60_000;
      await client.query(
        `INSERT INTO product (id, name, image, brand, category, description, price_cents, count_in_stock, rating, num_reviews, created_at, updated_at)
         SELECT id, name, '/uploads/sample.svg', brand, category, description, price, stock, rating, reviews, created, created
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::float8[], $9::int[], $10::timestamptz[])
           AS t(id, name, brand, category, description, price, stock, rating, reviews, created)`,
        [
          rows.map(() => randomUUID()),
          rows.map((row) => row.name),
          rows.map((row) => row.brand),
          rows.map((row) => row.category),
          rows.map((row) => row.description),
          rows.map((row) => row.priceCents),
          rows.map((row) => row.countInStock),
          rows.map((row) => row.rating),
          rows.map((row) => row.numReviews),
          rows.map((_, index) => new Date(base + (written + index) * 60_000)),
        ],
      );
      written += rows.length;
      rows = [];
    };
    for (const product of generatedProducts(count)) {
      rows.push(product);
      if (rows.length === batch) await flush();
    }
    if (rows.length > 0) await flush();
    await client.query(`INSERT INTO product_search_word (word) SELECT DISTINCT product_search_words_of(name, brand, category) FROM product ON CONFLICT (word) DO NOTHING`);
  } finally {
    await client.query('ALTER TABLE product ENABLE TRIGGER product_search_words');
  }
  await client.query('ANALYZE product');
  await client.query('ANALYZE product_search_word');
  console.log(`seeded ${count} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
