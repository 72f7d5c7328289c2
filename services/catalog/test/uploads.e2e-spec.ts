import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
