import type { Metadata } from 'sharp';

/** An image whose decoding would take more memory than IMAGE_DECODE_MAX_BYTES allows. */
export class TooCostlyImageError extends Error {
  constructor(
    readonly cost: DecodeCost,
    readonly maxBytes: number,
  ) {
    super(`decoding needs ${cost.bytes} bytes, more than ${maxBytes}`);
  }

  /** The admin's message: how many megapixels such an image may have at 8 bits per channel, and what this one would take. */
  get advice(): string {
    const megapixels = Math.floor(this.maxBytes / this.cost.bytesPerPixelAt8Bits / 100_000) / 10;
    return `Image is too large to process: at most ${megapixels} megapixels at 8 bits per channel for this kind of image (this one needs ${Math.ceil(this.cost.bytes / 1_000_000)} MB to decode, ${Math.floor(this.maxBytes / 1_000_000)} MB at most)`;
  }
}

/** Decodes are all taken and as many wait as may: try again after `retryAfterSeconds`. */
export class ImageDecodersBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`every image decoder is busy, try again in ${retryAfterSeconds} s`);
  }
}

export const DECODERS_BUSY = 'Too many images are being processed right now, please try again in a few seconds';

/** Bytes of one decoded sample, by libvips' band format. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/**
 * How much more than its pixels a format costs the catalog, measured with libvips 8.18 (docs/catalog.md,
 * "Image uploads"): WebP is decoded whole by libwebp and copied, and its original is encoded again
 * from a whole picture in ARGB and YUV, about 5.5 times its pixels' bytes in all.
 */
const FORMAT_FACTORS: Record<string, number> = { webp: 6 };

/**
 * DCT components per pixel of a JPEG: the first in full, the two chroma ones as subsampled
 * ('4:2:0': a quarter each), a fourth (CMYK's K) in full.
 */
function jpegComponentsPerPixel(channels: number, chromaSubsampling: string | undefined): number {
  const [j, a, b] = (chromaSubsampling ?? '').split(':').map(Number);
  if (channels < 3 || !j || a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b)) return channels;
  return 1 + (2 * (a + b)) / (2 * j) + (channels - 3);
}

export interface DecodeCost {
  /** The bytes the catalog may hold at once to decode the image and encode it again. */
  bytes: number;
  /** What one pixel of such an image (format, channels) would cost at 8 bits per channel, for the admin's message. */
  bytesPerPixelAt8Bits: number;
}

/**
 * What decoding an image costs in memory, from its header alone: width × height × channels × bytes per
 * sample × pages. This is a bound, not an estimate: an interlaced PNG (Adam7) is de-interlaced by libpng
 * in one buffer of exactly that size, and a progressive JPEG keeps all of its DCT coefficients (16 bits
 * each, chroma as subsampled) until its last scan; sequential ones stream in strips and take far less,
 * but are counted the same, so that the limit does not hinge on a flag in the header. WebP counts its
 * measured factor (FORMAT_FACTORS).
 */
export function decodeCostOf(header: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth' | 'pages' | 'format' | 'isProgressive' | 'chromaSubsampling'>): DecodeCost {
  const pixels = header.width * header.height * Math.max(1, header.pages ?? 1);
  const sampleBytes = SAMPLE_BYTES[header.depth] ?? 16;
  const formatFactor = FORMAT_FACTORS[header.format] ?? 1;
  let bytes = pixels * header.channels * sampleBytes * formatFactor;
  if (header.format === 'jpeg' && header.isProgressive) {
    bytes = Math.max(bytes, pixels * jpegComponentsPerPixel(header.channels, header.chromaSubsampling) * 2);
  }
  return { bytes, bytesPerPixelAt8Bits: bytes / pixels / sampleBytes };
}

/**
 * How the catalog takes turns decoding images: at most `atOnce` at a time across every request, at most
 * `maxWaiting` more in line (first come, first served); one more is refused at once with
 * ImageDecodersBusyError rather than queued without end. Each decode may hold up to
 * IMAGE_DECODE_MAX_BYTES, so the catalog's memory for images is bounded by atOnce times that.
 */
export class DecodeTurns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Running average of how long a decode takes once started, in ms, for Retry-After. */
  private averageRunMs = 2_000;

  constructor(
    private readonly atOnce: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `work` in its turn; throws ImageDecodersBusyError when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.waiting.length >= this.maxWaiting) {
        const rounds = Math.ceil((this.waiting.length + 1) / this.atOnce);
        throw new ImageDecodersBusyError(Math.max(1, Math.ceil((rounds * this.averageRunMs) / 1000)));
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    // A turn handed over by `next` keeps `running` as it was: the finished decode's place is this one's.
    else this.running += 1;
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageRunMs += 0.2 * (performance.now() - started - this.averageRunMs);
      this.next();
    }
  }

  private next(): void {
    const turn = this.waiting.shift();
    if (turn) turn();
    else this.running -= 1;
  }
}
