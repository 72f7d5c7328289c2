#!/usr/bin/env node
/**
 * Draws the demo catalog's pictures as raster images, once, into services/catalog/seed/images/:
 * for each drawing {name}.svg, {name}.webp (960 px wide, what a browser without AVIF shows) and its
 * copies {name}-w{160|320|640|960}.{avif|webp}, made by the catalog's own rule (image-variants.ts),
 * so the demo catalog is served as uploads are. Run after changing a drawing:
 *
 *   npm run build -w @shop/catalog && node tools/scripts/demo-images.mjs
 *
 * Raster, because a page decodes raster images off its main thread, while each SVG image is a
 * document parsed, laid out and painted on it (docs/decisions.md, "Images: responsive copies").
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { imageVariantsOf } from '../../services/catalog/dist/uploads/image-variants.js';

const IMAGES = fileURLToPath(new URL('../../services/catalog/seed/images/', import.meta.url));
const WIDTH = 960;

for (const file of readdirSync(IMAGES).filter((name) => name.endsWith('.svg')).sort()) {
  const name = file.replace(/\.svg$/, '');
  // Drawn large enough for the widest copy, then scaled down: sharp renders an SVG at its own size.
  const drawing = await sharp(readFileSync(join(IMAGES, file)), { density: 600 }).resize({ width: WIDTH }).flatten({ background: '#ffffff' }).png().toBuffer();
  const original = await sharp(drawing).webp({ quality: 80 }).toBuffer();
  writeFileSync(join(IMAGES, `${name}.webp`), original);
  const copies = await imageVariantsOf(name, drawing);
  for (const copy of copies) writeFileSync(join(IMAGES, copy.fileName), copy.content);
  const bytes = copies.reduce((sum, copy) => sum + copy.content.length, 0);
  console.log(`${name}: ${name}.webp ${original.length} B, ${copies.length} copies ${bytes} B`);
}
