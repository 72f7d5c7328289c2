import { IMAGE_FORMATS, IMAGE_WIDTHS, imageSourcesOf, imageVariantFile, parseImageVariantFile } from './images.js';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('responsive image copies', () => {
  it('names a copy after its original, its width and format, and reads the name back', () => {
    expect(imageVariantFile(ID, 640, 'avif')).toBe(`${ID}-w640.avif`);
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) expect(parseImageVariantFile(imageVariantFile(ID, width, format))).toEqual({ id: ID, width, format });
    }
  });

  it('reads no copy from an original, a width it does not make or another format', () => {
    for (const name of [`${ID}.png`, `${ID}-w500.avif`, `${ID}-w640.png`, 'airpods-pro.svg', 'Airpods-w640.webp']) expect(parseImageVariantFile(name)).toBeUndefined();
    expect(parseImageVariantFile('airpods-pro-w320.avif')).toEqual({ id: 'airpods-pro', width: 320, format: 'avif' });
  });

  it('offers an uploaded raster image’s copies, best format first, every width', () => {
    const [avif, webp] = imageSourcesOf(`/uploads/${ID}.jpg`);
    expect(avif).toEqual({ type: 'image/avif', srcSet: IMAGE_WIDTHS.map((w) => `/uploads/${ID}-w${w}.avif ${w}w`).join(', ') });
    expect(webp.type).toBe('image/webp');
  });

  it('offers the demo catalog’s pictures’ copies by their names', () => {
    expect(imageSourcesOf('/uploads/airpods-pro.webp')[0].srcSet).toContain('/uploads/airpods-pro-w160.avif 160w');
  });

  it('offers nothing for SVGs, images from elsewhere, copies and paths that only look alike', () => {
    for (const path of ['/uploads/sample.svg', 'https://cdn.example.com/a.png', `/uploads/${ID}.gif`, `/other/${ID}.png`, `/uploads/${ID}-w320.webp`]) {
      expect(imageSourcesOf(path)).toEqual([]);
    }
  });
});
