import type sharpModule from 'sharp';

/** sharp's image constructor, as `import sharp from 'sharp'` gives it. */
export type SharpConstructor = typeof sharpModule;

let loading: Promise<SharpConstructor> | undefined;

/**
 * sharp (libvips and its codecs), loaded by the first image the catalog reads: most catalog processes
 * only ever serve product reads, and an idle catalog with sharp loaded holds ~10 MB more (libvips'
 * libraries and sharp's JavaScript; docs/deploy.md#memory). The first upload waits for it once (~50 ms).
 */
export function loadSharp(): Promise<SharpConstructor> {
  loading ??= import('sharp').then(
    ({ default: sharp }) => {
      // libvips keeps no decoded image, file or operation between requests (its cache would hold the
      // pixels of the last images, up to 50 MB, past their request), and one libvips thread works on each
      // image: the catalog decodes IMAGE_DECODES_AT_ONCE images at a time, which on 2 cores already uses both.
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (error: unknown) => {
      loading = undefined; // the next image tries again
      throw error;
    },
  );
  return loading;
}
