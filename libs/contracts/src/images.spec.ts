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
    for (const name of [`${ID}.png`, `${ID}-w500.avif`, `${ID}-w640.png`, 'airpods-pro.svg', `x-w640.webp`]) expect(parseImageVariantFile(name)).toBeUndefined();
  });

  it('offers an uploaded raster image’s copies, best format first, every width', () => {
    const [avif, webp] = imageSourcesOf(`/uploads/${ID}.jpg`);
    expect(avif).toEqual({ type: 'image/avif', srcSet: IMAGE_WIDTHS.map((w) => `/uploads/${ID}-w${w}.avif ${w}w`).join(', ') });
    expect(webp.type).toBe('image/webp');
  });

  it('offers nothing for SVGs, images from elsewhere and paths that only look alike', () => {
    for (const path of ['/uploads/sample.svg', 'https://cdn.example.com/a.png', `/uploads/${ID}.gif`, `/other/${ID}.png`]) expect(imageSourcesOf(path)).toEqual([]);
  });
});
