import sharp from 'sharp';
import { startCatalogProcess, type CatalogProcess } from './support/catalog-process.js';

/** The defaults this test holds the catalog to (src/config.ts). */
const DECODE_MAX_BYTES = 100_000_000;
const DECODES_AT_ONCE = 2;
const DECODES_WAITING = 2;
const MEGAPIXEL = 1_000_000;
/**
 * The ceiling docs/catalog.md states: the idle process, plus every decode at once holding its whole
 * budget, plus 120 MiB for the rest (encoders, copies being made, uploads waiting in memory, the heap).
 */
const ceilingMiBOver = (idleMiB: number) => idleMiB + (DECODES_AT_ONCE * DECODE_MAX_BYTES) / (1024 * 1024) + 120;

const colour = { r: 40, g: 120, b: 200, alpha: 0.5 };
const blank = (width: number, height: number, channels: 3 | 4 = 4) => sharp({ create: { width, height, channels, background: colour } });

/**
 * The most costly images the defaults allow, one of each kind that must be held whole to decode (each
 * just under 100 MB): interlaced PNGs (libpng de-interlaces in one buffer), a progressive 4:4:4 JPEG
 * (every 16-bit DCT coefficient kept until the last scan), a WebP (decoded whole, counted 6 times).
 */
async function worstAllowedImages(): Promise<{ name: string; content: Buffer }[]> {
  const [png16, png8, jpeg, webp] = await Promise.all([
    blank(3535, 3535).toColourspace('rgb16').png({ progressive: true }).toBuffer(),
    blank(5000, 4999).png({ progressive: true }).toBuffer(),
    blank(4080, 4080, 3).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer(),
    blank(2040, 2040).webp().toBuffer(),
  ]);
  return [
    { name: 'interlaced-rgba16.png', content: png16 },
    { name: 'interlaced-rgba8.png', content: png8 },
    { name: 'progressive-444.jpg', content: jpeg },
    { name: 'rgba.webp', content: webp },
  ];
}

/** The two images of the security review (issue 21): under 40 megapixels, hundreds of MB once decoded. */
async function reviewImages(): Promise<{ name: string; content: Buffer }[]> {
  const [rgb, rgba16] = await Promise.all([
    blank(6300, 6300, 3).png({ progressive: true }).toBuffer(),
    blank(6300, 6300).toColourspace('rgb16').png({ progressive: true }).toBuffer(),
  ]);
  return [
    { name: 'review-interlaced.png', content: rgb },
    { name: 'review-interlaced-rgba16.png', content: rgba16 },
  ];
}

describe('catalog memory while the most costly images are uploaded at once', () => {
  let catalog: CatalogProcess;
  let worst: { name: string; content: Buffer }[];
  let review: { name: string; content: Buffer }[];

  beforeAll(async () => {
    [catalog, worst, review] = await Promise.all([startCatalogProcess(), worstAllowedImages(), reviewImages()]);
  }, 60_000);

  afterAll(async () => {
    await catalog?.stop();
  });

  const upload = async (image: { name: string; content: Buffer }) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image.content)]), image.name);
    const started = performance.now();
    const res = await fetch(`${catalog.base}/api/upload`, { method: 'POST', headers: catalog.admin, body: form });
    return { name: image.name, status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text(), ms: Math.round(performance.now() - started) };
  };

  it('stays under its stated ceiling, refuses the review’s images at once with 400 and keeps answering the product list', async () => {
    // The images' costs, as the catalog will judge them: each under the budget, the review's over it.
    for (const image of worst) {
      const header = await sharp(image.content).metadata();
      expect(header.width * header.height).toBeLessThan(40 * MEGAPIXEL);
    }
    // A first small upload loads what every upload uses (the encoders); the idle figure is taken after it.
    expect((await upload({ name: 'warm-up.png', content: await blank(64, 64).png().toBuffer() })).status).toBe(201);
    await new Promise((done) => setTimeout(done, 300));
    const idle = catalog.memory();

    let sampling = true;
    let highestRssMiB = idle.rssMiB;
    const sampler = (async () => {
      while (sampling) {
        highestRssMiB = Math.max(highestRssMiB, catalog.memory().rssMiB);
        await new Promise((done) => setTimeout(done, 20));
      }
    })();
    const listTimes: number[] = [];
    const lister = (async () => {
      while (sampling) {
        const started = performance.now();
        const res = await fetch(`${catalog.base}/api/products`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        listTimes.push(Math.round(performance.now() - started));
        await new Promise((done) => setTimeout(done, 100));
      }
    })();

    const started = performance.now();
    const burst = Promise.all(worst.map(upload));
    // While every decode is taken and the line is full: two more uploads, answered 503 at once, and the
    // review's images, refused from their header.
    await new Promise((done) => setTimeout(done, 200));
    const [busy, refused] = await Promise.all([Promise.all(worst.slice(0, 2).map(upload)), Promise.all(review.map(upload))]);
    const accepted = await burst;
    const burstMs = Math.round(performance.now() - started);
    await new Promise((done) => setTimeout(done, 500));
    sampling = false;
    await Promise.all([sampler, lister]);
    const after = catalog.memory();

    const ceilingMiB = ceilingMiBOver(idle.rssMiB);
    const figures = {
      idleRssMiB: Math.round(idle.rssMiB),
      highestRssSampledMiB: Math.round(highestRssMiB),
      peakVmHwmMiB: Math.round(after.peakMiB),
      rssAfterMiB: Math.round(after.rssMiB),
      ceilingMiB: Math.round(ceilingMiB),
      burstMs,
      uploadsMs: accepted.map((res) => `${res.name} ${res.status} ${res.ms} ms`),
      busyMs: busy.map((res) => `${res.name} ${res.status} ${res.ms} ms`),
      refusedMs: refused.map((res) => `${res.name} ${res.status} ${res.ms} ms`),
      productListMs: { requests: listTimes.length, slowest: Math.max(...listTimes) },
    };
    process.stdout.write(`upload memory: ${JSON.stringify(figures, null, 2)}\n`);

    expect(accepted.map((res) => [res.name, res.status])).toEqual(worst.map((image) => [image.name, 201]));
    expect(worst.length).toBe(DECODES_AT_ONCE + DECODES_WAITING);
    for (const res of busy) {
      expect([res.status, JSON.parse(res.text)]).toEqual([503, { message: 'Too many images are being processed right now, please try again in a few seconds' }]);
      expect(Number(res.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(res.ms).toBeLessThan(1_500);
    }
    expect(refused.map((res) => res.status)).toEqual([400, 400]);
    expect(JSON.parse(refused[0].text)).toEqual({
      message: 'Image is too large to process: at most 33.3 megapixels at 8 bits per channel for this kind of image (this one needs 120 MB to decode, 100 MB at most)',
    });
    expect(JSON.parse(refused[1].text)).toEqual({
      message: 'Image is too large to process: at most 25 megapixels at 8 bits per channel for this kind of image (this one needs 318 MB to decode, 100 MB at most)',
    });
    for (const res of refused) expect(res.ms).toBeLessThan(1_500);
    expect(listTimes.length).toBeGreaterThan(3);
    expect(Math.max(...listTimes)).toBeLessThan(1_000);
    // VmHWM is the kernel's own record of the highest resident memory since the process started.
    expect(after.peakMiB).toBeLessThan(ceilingMiB);
  }, 60_000);
});
