import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { IMAGE_FORMATS, IMAGE_WIDTHS, imageVariantFile } from '@shop/contracts';
import { startCatalog, type TestCatalog } from './support/catalog-app.js';

/** Tiny but real images of each accepted format (1×1 pixel), each one that decodes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCTADC6v//Z',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const UPLOADED_PATH = /^\/uploads\/[0-9a-f-]{36}\.(png|jpg|webp)$/;

describe('catalog image uploads', () => {
  let catalog: TestCatalog;

  beforeAll(async () => {
    catalog = await startCatalog();
  });

  afterAll(async () => {
    await catalog?.close();
  });

  const upload = (headers: { Authorization?: string } = catalog.admin) => request(catalog.http).post('/api/upload').set(headers);
  const storedFiles = async () =>
    ((await catalog.dataSource.query(`SELECT name FROM stored_image WHERE name <> 'sample.svg' ORDER BY name`)) as { name: string }[]).map((row) => row.name);

  it.each([
    ['a PNG', PNG, 'photo.png', 'png', 'image/png'],
    ['a JPEG', JPEG, 'photo.jpeg', 'jpg', 'image/jpeg'],
    ['a WebP', WEBP, 'photo.webp', 'webp', 'image/webp'],
    ['a PNG under a misleading name', PNG, 'notes.txt', 'png', 'image/png'],
  ])('stores %s, written again in its format, and serves it at the answered path with its content type', async (_label, content, fileName, extension, mime) => {
    const res = await upload().attach('image', content, fileName).expect(201);

    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(UPLOADED_PATH);
    expect(res.text.endsWith(`.${extension}`)).toBe(true);
    const served = await request(catalog.http).get(res.text).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (chunk: Buffer) => chunks.push(chunk));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    const stored = await sharp(served.body as Buffer).metadata();
    const uploaded = await sharp(content).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual([uploaded.format, uploaded.width, uploaded.height]);
  });

  it('refuses a guest with 401 and a customer with 403, storing nothing', async () => {
    const before = await storedFiles();
    const guest = await request(catalog.http).post('/api/upload').attach('image', PNG, 'a.png').expect(401);
    expect(guest.body).toEqual({ message: 'Not authorized, no token' });
    const customer = await upload(catalog.customer).attach('image', PNG, 'a.png').expect(403);
    expect(customer.body).toEqual({ message: 'Not authorized as an admin' });
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    ['an SVG (it could carry script)', SVG, 'evil.png'],
    ['a GIF', GIF, 'anim.png'],
    ['a text file named .png', Buffer.from('just some text, not an image'), 'image.png'],
    ['a truncated PNG signature', PNG.subarray(0, 4), 'short.png'],
  ])('rejects %s with 400 by its content, storing nothing', async (_label, content, fileName) => {
    const before = await storedFiles();
    const res = await upload().attach('image', content, fileName).expect(400);
    expect(res.body).toEqual({ message: 'Only JPEG, PNG or WebP images are allowed' });
    expect(await storedFiles()).toEqual(before);
  });

  it("answers a file over 5 MB with 413 'The image is too large (5 MB at most)', storing nothing", async () => {
    const before = await storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload().attach('image', big, 'big.png').expect(413);
    expect(res.body).toEqual({ message: 'The image is too large (5 MB at most)' });
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    const res = await upload().attach('image', exact, 'exact.png').expect(201);
    expect(res.text).toMatch(UPLOADED_PATH);
  });

  it('answers a form without an image with 400', async () => {
    const res = await upload().set('Content-Type', 'multipart/form-data; boundary=x').send('--x--\r\n').expect(400);
    expect(res.body).toEqual({ message: 'No image file was sent' });
    const notMultipart = await upload().send({ image: 'data' }).expect(400);
    expect(notMultipart.body).toEqual({ message: 'No image file was sent' });
  });

  it('answers a form with another field name, two files or extra fields with 400', async () => {
    const expected = { message: "Send one image file in the form field 'image' and nothing else" };
    expect((await upload().attach('file', PNG, 'a.png').expect(400)).body).toEqual(expected);
    expect((await upload().attach('image', PNG, 'a.png').attach('image', PNG, 'b.png').expect(400)).body).toEqual(expected);
    expect((await upload().field('name', 'x').attach('image', PNG, 'a.png').expect(400)).body).toEqual(expected);
  });

  describe('responsive copies', () => {
    /** A real PNG with something in it: a gradient, `width` x `height`. */
    const pngOf = async (width: number, height: number) => {
      const pixels = Buffer.alloc(width * height * 3);
      for (let i = 0; i < pixels.length; i += 3) pixels[i] = (i / 3) % 256;
      return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
    };
    const getBinary = (path: string) =>
      request(catalog.http)
        .get(path)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (chunk: Buffer) => chunks.push(chunk));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const idOf = (path: string) => /\/uploads\/([0-9a-f-]{36})\./.exec(path)![1];

    it('stores AVIF and WebP copies of an upload at every width, never enlarged, cached for good', async () => {
      const path = (await upload().attach('image', await pngOf(800, 600), 'photo.png').expect(201)).text;
      for (const width of IMAGE_WIDTHS) {
        for (const format of IMAGE_FORMATS) {
          const res = await getBinary(`/uploads/${imageVariantFile(idOf(path), width, format)}`);
          expect(res.status).toBe(200);
          expect(res.headers['content-type']).toBe(`image/${format}`);
          expect(res.headers['cache-control']).toMatch(/immutable/);
          const meta = await sharp(res.body as Buffer).metadata();
          expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
          expect(meta.width).toBe(Math.min(width, 800));
          expect(meta.height).toBe(Math.round((Math.min(width, 800) * 600) / 800));
        }
      }
    });

    it('refuses with 400 a file that starts like a PNG but does not decode, storing nothing', async () => {
      const before = await storedFiles();
      const fake = Buffer.concat([PNG.subarray(0, 33), Buffer.from('this is not image data at all, only text')]);
      const res = await upload().attach('image', fake, 'fake.png').expect(400);
      expect(res.body).toEqual({ message: 'Only JPEG, PNG or WebP images are allowed' });
      expect(await storedFiles()).toEqual(before);
    });

    it('refuses with 400 an image of more than 40 megapixels before decoding it, storing nothing', async () => {
      const before = await storedFiles();
      // 10000 x 5000 of one colour: a few KB of PNG, 50 megapixels once decoded.
      const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' } }).png().toBuffer();
      const res = await upload().attach('image', huge, 'huge.png').expect(400);
      expect(res.body).toEqual({ message: 'The image is too large (40 megapixels at most)' });
      expect(await storedFiles()).toEqual(before);
    });

    it('makes the copies of an image stored before copies existed on its first request', async () => {
      const id = '0f0f0f0f-2222-4000-8000-00000000bbbb';
      await catalog.dataSource.query(`INSERT INTO stored_image (name, content_type, content) VALUES ($1, 'image/png', $2)`, [
        `${id}.png`,
        await pngOf(400, 400),
      ]);
      const [small, large] = await Promise.all([
        getBinary(`/uploads/${imageVariantFile(id, 320, 'webp')}`),
        getBinary(`/uploads/${imageVariantFile(id, 960, 'avif')}`),
      ]);
      expect([small.status, large.status]).toEqual([200, 200]);
      expect(small.headers['content-type']).toBe('image/webp');
      expect((await sharp(small.body as Buffer).metadata()).width).toBe(320);
      expect((await sharp(large.body as Buffer).metadata()).width).toBe(400);
      const copies = await catalog.dataSource.query(`SELECT count(*)::int AS n FROM stored_image WHERE name LIKE $1`, [`${id}-w%`]);
      expect(copies).toEqual([{ n: IMAGE_WIDTHS.length * IMAGE_FORMATS.length }]);
    });

    it("answers a copy of an unknown image with 404 'Image not found'", async () => {
      const res = await request(catalog.http).get(`/uploads/${imageVariantFile('0f0f0f0f-3333-4000-8000-00000000cccc', 640, 'avif')}`).expect(404);
      expect(res.body).toEqual({ message: 'Image not found' });
    });
  });

  describe('what a photo hides', () => {
    const XMP =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>XMP-MARKER</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';
    const EXIF = { IFD0: { ImageDescription: 'EXIF-MARKER', Artist: 'ARTIST-MARKER' } };
    const GPS = { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2957/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4012/100' } };
    /** Every string planted below: none may be in anything the shop serves. */
    const MARKERS = ['EXIF-MARKER', 'ARTIST-MARKER', 'XMP-MARKER', 'xmpmeta', 'COMMENT-MARKER', 'PNG-TEXT-MARKER', 'PNG-ITXT-MARKER', 'TRAILER-MARKER', 'Exif\0\0'];

    const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c83' } });
    /** A JPEG marker segment (e.g. 0xfe, a comment) put right after the SOI marker. */
    const withJpegSegment = (jpeg: Buffer, marker: number, data: Buffer) => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(data.length + 2);
      return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, marker]), length, data, jpeg.subarray(2)]);
    };
    /** PNG chunks put right before the first chunk of `type` (IDAT: where the header's readers see them; IEND: after the pixels). */
    const withPngChunks = (png: Buffer, type: 'IDAT' | 'IEND', chunks: [string, Buffer][]) => {
      const at = png.indexOf(Buffer.from(type)) - 4;
      const encoded = chunks.map(([type, data]) => {
        const length = Buffer.alloc(4);
        length.writeUInt32BE(data.length);
        const crc = Buffer.alloc(4);
        crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
        return Buffer.concat([length, Buffer.from(type), data, crc]);
      });
      return Buffer.concat([png.subarray(0, at), ...encoded, png.subarray(at)]);
    };
    const getBinary = (path: string) =>
      request(catalog.http)
        .get(path)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (chunk: Buffer) => chunks.push(chunk));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
    /** What the shop serves for an upload: the original at its path and every copy. */
    const servedFor = async (path: string) => {
      const [, id, extension] = /\/uploads\/([0-9a-f-]{36})\.(\w+)$/.exec(path)!;
      const names = [`${id}.${extension}`, ...IMAGE_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => imageVariantFile(id, width, format)))];
      return Promise.all(
        names.map(async (name) => {
          const res = await getBinary(`/uploads/${name}`).expect(200);
          return { name, content: res.body as Buffer };
        }),
      );
    };
    const expectNothingHidden = async (served: { name: string; content: Buffer }[]) => {
      expect(served).toHaveLength(1 + IMAGE_WIDTHS.length * IMAGE_FORMATS.length);
      for (const { name, content } of served) {
        const meta = await sharp(content).metadata();
        expect({ name, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, comments: meta.comments, orientation: meta.orientation }).toEqual({ name });
        expect({ name, found: MARKERS.filter((marker) => content.includes(marker)) }).toEqual({ name, found: [] });
      }
    };

    it('serves a JPEG with EXIF, GPS, XMP, a comment and bytes after its end, turned upright, without any of them', async () => {
      const tagged = await photo(64, 32).jpeg().withExif({ ...EXIF, ...GPS }).withXmp(XMP).withMetadata({ orientation: 6 }).toBuffer();
      const jpeg = Buffer.concat([withJpegSegment(tagged, 0xfe, Buffer.from('COMMENT-MARKER')), Buffer.from('TRAILER-MARKER')]);
      const planted = await sharp(jpeg).metadata();
      expect([planted.exif, planted.xmp, planted.orientation]).toEqual([expect.any(Buffer), expect.any(Buffer), 6]);

      const path = (await upload().attach('image', jpeg, 'holiday.jpg').expect(201)).text;
      const served = await servedFor(path);
      await expectNothingHidden(served);
      // Orientation 6: shot sideways, stored upright.
      const original = await sharp(served[0].content).metadata();
      expect([original.format, original.width, original.height]).toEqual(['jpeg', 32, 64]);
    });

    it('serves a PNG with tEXt, iTXt and eXIf chunks without any of them', async () => {
      const tagged = await photo(48, 48).png().withExif(EXIF).withXmp(XMP).toBuffer();
      const text = (keyword: string, value: string): [string, Buffer] => ['tEXt', Buffer.from(`${keyword}\0${value}`, 'latin1')];
      const png = withPngChunks(
        withPngChunks(tagged, 'IDAT', [text('Comment', 'PNG-TEXT-MARKER'), ['iTXt', Buffer.from('Description\0\0\0en\0\0PNG-ITXT-MARKER', 'utf8')]]),
        'IEND',
        [text('Location', 'TRAILER-MARKER')],
      );
      const planted = await sharp(png).metadata();
      expect(planted.comments).toEqual([
        { keyword: 'Comment', text: 'PNG-TEXT-MARKER' },
        { keyword: 'Description', text: 'PNG-ITXT-MARKER' },
      ]);
      expect([planted.exif, planted.xmp]).toEqual([expect.any(Buffer), expect.any(Buffer)]);

      const served = await servedFor((await upload().attach('image', png, 'label.png').expect(201)).text);
      await expectNothingHidden(served);
      expect((await sharp(served[0].content).metadata()).format).toBe('png');
    });

    it('serves a WebP with EXIF and XMP without them', async () => {
      const webp = await photo(40, 40).webp().withExif({ ...EXIF, ...GPS }).withXmp(XMP).toBuffer();
      expect((await sharp(webp).metadata()).exif).toEqual(expect.any(Buffer));
      const served = await servedFor((await upload().attach('image', webp, 'shelf.webp').expect(201)).text);
      await expectNothingHidden(served);
    });
  });

  describe('what decoding costs', () => {
    it('refuses at once with 400 an image under 40 megapixels that would take too much memory to decode, storing nothing', async () => {
      const before = await storedFiles();
      // The review's second image: 6300 x 6300 interlaced RGBA at 16 bits, 318 MB once decoded.
      const review = await sharp({ create: { width: 6300, height: 6300, channels: 4, background: { r: 9, g: 99, b: 199, alpha: 0.5 } } })
        .toColourspace('rgb16')
        .png({ progressive: true })
        .toBuffer();
      const started = performance.now();
      const res = await upload().attach('image', review, 'review.png').expect(400);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(res.body).toEqual({
        message: 'Image is too large to process: at most 25 megapixels at 8 bits per channel for this kind of image (this one needs 318 MB to decode, 100 MB at most)',
      });
      expect(await storedFiles()).toEqual(before);
    });

    it('answers 503 with Retry-After when every decode is taken and the line is full, and stores the others whole', async () => {
      const busy = await startCatalog({ IMAGE_DECODES_AT_ONCE: '1', IMAGE_DECODES_WAITING: '1' });
      try {
        const image = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3a6' } }).png().toBuffer();
        const answers = await Promise.all(Array.from({ length: 5 }, () => request(busy.http).post('/api/upload').set(busy.admin).attach('image', image, 'a.png')));
        const statuses = answers.map((res) => res.status).sort();
        expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(2);
        const refused = answers.filter((res) => res.status === 503);
        expect(refused.length).toBeGreaterThanOrEqual(1);
        expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
        for (const res of refused) {
          expect(res.body).toEqual({ message: 'Too many images are being processed right now, please try again in a few seconds' });
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
        const rows: { n: number }[] = await busy.dataSource.query(`SELECT count(*)::int AS n FROM stored_image WHERE name <> 'sample.svg'`);
        expect(rows).toEqual([{ n: (answers.length - refused.length) * (1 + IMAGE_WIDTHS.length * IMAGE_FORMATS.length) }]);
      } finally {
        await busy.close();
      }
    });
  });

  describe('serving', () => {
    it('serves the sample image as SVG that runs nothing', async () => {
      const res = await request(catalog.http).get('/uploads/sample.svg').expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });

    it("answers an unknown image with 404 'Image not found'", async () => {
      const res = await request(catalog.http).get('/uploads/0f0f0f0f-0000-4000-8000-000000000000.png').expect(404);
      expect(res.body).toEqual({ message: 'Image not found' });
    });

    it('answers a name with a NUL in it with 400, before it reaches the file system', async () => {
      const res = await request(catalog.http).get('/uploads/x.png%00.txt').expect(400);
      expect(res.body).toEqual({ message: 'The request path must not contain control characters or broken unicode' });
    });

    it.each(['..%2Fpackage.json', '.env', 'a.txt', 'UPPER.PNG', '%2Fetc%2Fpasswd.png'])(
      'answers the name %j, which is not an image name, with 400',
      async (name) => {
        const res = await request(catalog.http).get(`/uploads/${name}`).expect(400);
        expect(res.body).toEqual({ message: 'file must be an image name such as 3f2a9c1e.png' });
      },
    );
  });

  describe('with several replicas', () => {
    it('serves an image uploaded to one replica from another, and answers 304 to its ETag', async () => {
      const other = await startCatalog({}, { prefix: catalog.prefix });
      try {
        const path = (await upload().attach('image', PNG, 'shared.png').expect(201)).text;
        const served = await request(other.http).get(path).expect(200);
        expect(served.headers['content-type']).toBe('image/png');
        const etag = served.headers.etag as string;
        expect(etag).toBeTruthy();
        await request(other.http).get(path).set('If-None-Match', etag).expect(304);
      } finally {
        await other.close({ keepData: true });
      }
    });

    it('imports the images an earlier version kept in UPLOAD_DIR, once', async () => {
      const legacy = mkdtempSync(join(tmpdir(), 'catalog-legacy-'));
      const name = '0f0f0f0f-1111-4000-8000-00000000aaaa.png';
      writeFileSync(join(legacy, name), PNG);
      writeFileSync(join(legacy, 'notes.txt'), 'not an image');
      const upgraded = await startCatalog({ UPLOAD_DIR: legacy }, { prefix: catalog.prefix });
      try {
        const served = await request(upgraded.http).get(`/uploads/${name}`).expect(200);
        expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
        const rows: { n: number }[] = await catalog.dataSource.query(`SELECT count(*)::int AS n FROM stored_image WHERE name IN ($1, 'notes.txt')`, [name]);
        expect(rows).toEqual([{ n: 1 }]);
      } finally {
        await upgraded.close({ keepData: true });
      }
    });
  });
});
