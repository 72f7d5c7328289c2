import { decodeCostOf, DecodeTurns, ImageDecodersBusyError, TooCostlyImageError } from './image-decoding.js';

const header = (fields: Partial<Parameters<typeof decodeCostOf>[0]>): Parameters<typeof decodeCostOf>[0] => ({
  format: 'png',
  width: 1000,
  height: 1000,
  channels: 3,
  depth: 'uchar',
  pages: undefined,
  isProgressive: false,
  chromaSubsampling: undefined,
  ...fields,
});

/** A promise with its resolve, to hold work in its turn until the test lets it finish. */
function held<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('decodeCostOf', () => {
  it.each([
    ['an 8-bit RGB PNG', {}, 3_000_000],
    ['an 8-bit RGBA PNG', { channels: 4 as const }, 4_000_000],
    ['a 16-bit RGBA PNG (2 bytes per sample)', { channels: 4 as const, depth: 'ushort' as const }, 8_000_000],
    ['an interlaced 16-bit RGBA PNG (counted the same: the bound is its de-interlacing buffer)', { channels: 4 as const, depth: 'ushort' as const, isProgressive: true }, 8_000_000],
    ['a baseline JPEG', { format: 'jpeg' as const, chromaSubsampling: '4:4:4' }, 3_000_000],
    ['a progressive 4:2:0 JPEG (16-bit coefficients, chroma a quarter each)', { format: 'jpeg' as const, isProgressive: true, chromaSubsampling: '4:2:0' }, 3_000_000],
    ['a progressive 4:4:4 JPEG', { format: 'jpeg' as const, isProgressive: true, chromaSubsampling: '4:4:4' }, 6_000_000],
    ['a progressive CMYK JPEG', { format: 'jpeg' as const, channels: 4 as const, isProgressive: true, chromaSubsampling: '4:4:4:4' }, 8_000_000],
    ['an 8-bit RGBA WebP (its measured factor of 6)', { format: 'webp' as const, channels: 4 as const }, 24_000_000],
    ['an animated WebP of 10 frames', { format: 'webp' as const, channels: 4 as const, pages: 10 }, 240_000_000],
  ])('counts %s', (_label, fields, bytes) => {
    expect(decodeCostOf(header(fields)).bytes).toBe(bytes);
  });

  it('tells the admin how many megapixels such an image may have at 8 bits per channel', () => {
    const review = new TooCostlyImageError(decodeCostOf(header({ width: 6300, height: 6300, channels: 4, depth: 'ushort', isProgressive: true })), 100_000_000);
    expect(review.advice).toBe('Image is too large to process: at most 25 megapixels at 8 bits per channel for this kind of image (this one needs 318 MB to decode, 100 MB at most)');
    const rgb = new TooCostlyImageError(decodeCostOf(header({ width: 6300, height: 6300 })), 100_000_000);
    expect(rgb.advice).toBe('Image is too large to process: at most 33.3 megapixels at 8 bits per channel for this kind of image (this one needs 120 MB to decode, 100 MB at most)');
  });
});

describe('DecodeTurns', () => {
  it('runs at most `atOnce` at a time, lets `maxWaiting` wait in order, and refuses one more at once', async () => {
    const turns = new DecodeTurns(2, 2);
    const gates = [held(), held(), held(), held()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      turns.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    await expect(turns.run(async () => 'late')).rejects.toBeInstanceOf(ImageDecodersBusyError);
    gates[1].resolve();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    gates[3].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    // All done: the places are free again.
    expect(await turns.run(async () => 'again')).toBe('again');
  });

  it('frees the place of a decode that failed', async () => {
    const turns = new DecodeTurns(1, 0);
    await expect(turns.run(() => Promise.reject(new Error('undecodable')))).rejects.toThrow('undecodable');
    expect(await turns.run(async () => 'next')).toBe('next');
  });

  it('says when to try again, at least 1 second', async () => {
    const turns = new DecodeTurns(1, 0);
    const gate = held();
    const running = turns.run(() => gate.promise);
    const refused = await turns.run(async () => undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImageDecodersBusyError);
    expect((refused as ImageDecodersBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    gate.resolve();
    await running;
  });
});
